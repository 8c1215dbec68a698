#pragma once
// The findings table: one row per ys::Finding (severity, code, file, line, message), plus a proxy that
// sorts and filters by severity and free text.

#include "data/check.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QString>

#include <memory>

namespace ys::ui {

class FindingsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, ProblemColumn, CodeColumn, FileColumn, LineColumn, MessageColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1,  // numeric/string key used for sorting
        SeverityRole,                 // int, ys::Severity
        ImageRole,                    // int, Finding::image (-1 when not about an image)
        BoxRole,                      // int, Finding::box
        SearchRole,                   // QString: code, file and message, for the text filter
    };

    explicit FindingsModel(QObject* parent = nullptr);

    // `root` shortens file paths (shown relative to it). Null result clears.
    void setResult(std::shared_ptr<const ys::CheckResult> result, const QString& root);
    const ys::Finding* finding(int row) const;
    std::shared_ptr<const ys::CheckResult> result() const { return result_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString severityName(ys::Severity s);
    // The language changed: headers and the translated columns (severity, problem, message) are shown again.
    void retranslate();

private:
    QString displayPath(const std::string& file) const;

    std::shared_ptr<const ys::CheckResult> result_;
    QString root_;
};

class FindingsProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit FindingsProxy(QObject* parent = nullptr);
    // Bit i set = show severity i (ys::Severity). Default: all.
    void setSeverityMask(unsigned mask);
    // Case-insensitive substring of code, file or message; empty = no text filter.
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    unsigned mask_ = 0x7;
    QString text_;
};

}  // namespace ys::ui
