#pragma once
// Two or more runs side by side (the Runs page's Compare): a group of quantities at a time (mAP, training
// losses, validation losses, precision and recall) as the curves compareCurves() gives, shown in a table
// with one row per epoch and one column per run and quantity ("exp3 · mAP50-95"), headers naming every
// run. The curves are the overlay's data: a chart (ui/charts' SeriesChart) above the table draws curves()
// with a colour per run and a line style and marker per quantity (compareStyle), its legend under the plot
// naming the runs by colour and the quantities by line. The table is as tall as its rows (up to a third of the
// view), the chart takes the rest. Fed whole runs' rows; never reads files. GUI thread.

#include "ui/charts/serieschart.h"
#include "ui/runs/runcompare.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QSplitter;
class QTableView;

namespace ys::ui {

// Epoch rows (every epoch any run has, ascending) × one column per curve, after the epoch column.
class CompareTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1, RunRole, KnownRole };

    explicit CompareTableModel(QObject* parent = nullptr);
    void setCurves(std::vector<CompareCurve> curves);
    const std::vector<CompareCurve>& curves() const { return curves_; }
    const std::vector<int>& epochs() const { return epochs_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The value of curve `c` at epoch row `row`, if it has one.
    bool valueAt(int c, int row, double* value) const;

    std::vector<CompareCurve> curves_;
    std::vector<int> epochs_;
};

class RunCompareView final : public QWidget {
    Q_OBJECT
public:
    explicit RunCompareView(QWidget* parent = nullptr);

    // The runs to compare (names as compareNames() made them); shows the current group's curves.
    void setRuns(std::vector<CompareRun> runs);
    void clear();
    void setGroup(CompareGroup group);
    CompareGroup group() const { return group_; }
    const std::vector<CompareRun>& runs() const { return runs_; }
    // The overlay of the current group: every run's curve of every quantity.
    const std::vector<CompareCurve>& curves() const { return model_->curves(); }
    CompareTableModel* model() const { return model_; }
    // The overlay of curves() (one colour per run, one line style per quantity), above the table.
    SeriesChart* chart() const { return chart_; }
    QString titleText() const;
    QTableView* table() const { return table_; }
    // The style of run `run`'s curve of the group's `quantityIndex`-th quantity: the run's colour
    // (seriesColor), the quantity's line style and marker; `markers` draws them at the points.
    static SeriesChart::Style compareStyle(int run, int quantityIndex, bool markers);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void rebuild();
    void fitTable();

    std::vector<CompareRun> runs_;
    CompareGroup group_ = CompareGroup::Map;
    QLabel* title_;
    QLabel* metricsNote_;   // compareMetricsNote: hidden when the runs agree
    QComboBox* groupBox_;
    CompareTableModel* model_;
    QTableView* table_;
    QSplitter* splitter_;
    SeriesChart* chart_ = nullptr;
};

}  // namespace ys::ui
