#pragma once
// Findings panel: severity toggles with counts, a text filter, the sortable findings table. Selecting a
// finding emits findingActivated so the page can show its image with the offending box highlighted.

#include "data/check.h"

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace ys::ui {

class FindingsModel;
class FindingsProxy;

class FindingsView final : public QWidget {
    Q_OBJECT
public:
    explicit FindingsView(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const ys::CheckResult> result, const QString& root);
    void setExportAction(QAction* action);

    // The table's column widths and sort, for the page's remembered state.
    QByteArray saveLayout() const;
    void restoreLayout(const QByteArray& state);
    // The selected finding, nullptr when none.
    const ys::Finding* currentFinding() const;
    // Selects the finding at `proxyRow` (as a click would).
    void selectRow(int proxyRow);

signals:
    // image: index into Dataset::images (-1 when the finding is not about one image); box: -1 when none.
    void findingActivated(int image, int box);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateCounts();
    void onCurrentChanged();

    FindingsModel* model_;
    FindingsProxy* proxy_;
    QTableView* table_;
    QToolButton* severity_[3];
    QLineEdit* search_;
    QLabel* count_;
    QToolButton* export_;
};

}  // namespace ys::ui
