#include "ui/runs/runcompareview.h"

#include "ui/charts/chartformat.h"
#include "ui/charts/serieschart.h"

#include "ui/common/runtext.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>
#include <set>

namespace ys::ui {

CompareTableModel::CompareTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CompareTableModel::setCurves(std::vector<CompareCurve> curves)
{
    beginResetModel();
    curves_ = std::move(curves);
    std::set<int> epochs;
    for (const CompareCurve& c : curves_)
        for (double x : c.x)
            epochs.insert(static_cast<int>(x));
    epochs_.assign(epochs.begin(), epochs.end());
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(epochs_.size());
}

int CompareTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 1 + static_cast<int>(curves_.size());
}

bool CompareTableModel::valueAt(int c, int row, double* value) const
{
    const CompareCurve& curve = curves_[static_cast<size_t>(c)];
    const double epoch = epochs_[static_cast<size_t>(row)];
    const auto it = std::lower_bound(curve.x.begin(), curve.x.end(), epoch);
    if (it == curve.x.end() || *it != epoch)
        return false;
    *value = curve.y[static_cast<size_t>(it - curve.x.begin())];
    return true;
}

QVariant CompareTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    if (index.column() == 0) {
        if (role == Qt::DisplayRole || role == SortRole)
            return epochs_[static_cast<size_t>(row)];
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const int c = index.column() - 1;
    double v = 0;
    const bool known = valueAt(c, row, &v);
    switch (role) {
    case Qt::DisplayRole: return RunText::fraction(v, known);
    case SortRole: return known ? QVariant(v) : QVariant();
    case KnownRole: return known;
    case RunRole: return curves_[static_cast<size_t>(c)].run;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (section == 0)
        return CompareText::tr("Epoch");
    return curves_[static_cast<size_t>(section - 1)].name;
}

RunCompareView::RunCompareView(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), metricsNote_(new QLabel(this)), groupBox_(new QComboBox(this)), model_(new CompareTableModel(this)),
      table_(new QTableView(this)), splitter_(new QSplitter(Qt::Vertical, this))
{
    groupBox_->setObjectName(QStringLiteral("groupBox"));
    setObjectName(QStringLiteral("RunCompareView"));
    QFont f = title_->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    title_->setFont(f);
    title_->setWordWrap(true);
    table_->setModel(model_);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setWordWrap(false);
    auto* head = new QHBoxLayout;
    head->addWidget(title_, 1);
    head->addWidget(groupBox_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    metricsNote_->setObjectName(QStringLiteral("metricsNote"));
    metricsNote_->setWordWrap(true);
    metricsNote_->setVisible(false);
    layout->addWidget(metricsNote_);
    splitter_->addWidget(table_);
    splitter_->setChildrenCollapsible(false);
    splitter_->installEventFilter(this);
    layout->addWidget(splitter_, 1);
    connect(groupBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && i < static_cast<int>(compareGroups().size()))
            setGroup(compareGroups()[static_cast<size_t>(i)]);
    });
    retranslate();
}

void RunCompareView::setRuns(std::vector<CompareRun> runs)
{
    runs_ = std::move(runs);
    rebuild();
}

void RunCompareView::clear()
{
    runs_.clear();
    rebuild();
}

void RunCompareView::setGroup(CompareGroup group)
{
    if (group == group_)
        return;
    group_ = group;
    const auto& groups = compareGroups();
    const int i = static_cast<int>(std::find(groups.begin(), groups.end(), group) - groups.begin());
    const QSignalBlocker block(groupBox_);
    groupBox_->setCurrentIndex(i);
    rebuild();
}

SeriesChart::Style RunCompareView::compareStyle(int run, int quantityIndex, bool markers)
{
    static const Qt::PenStyle kPens[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    static const SeriesChart::Marker kMarkers[] = {SeriesChart::Marker::Disc, SeriesChart::Marker::Square,
                                                   SeriesChart::Marker::Triangle, SeriesChart::Marker::Diamond};
    SeriesChart::Style style;
    style.color = seriesColor(run);
    style.pen = kPens[static_cast<size_t>(quantityIndex) % std::size(kPens)];
    style.marker = kMarkers[static_cast<size_t>(quantityIndex) % std::size(kMarkers)];
    style.markers = markers;
    style.width = 2.0;   // dashes and dots read at 2 px, not at 1.6
    return style;
}

void RunCompareView::fitTable()
{
    // The table as tall as its rows (with a scroll bar past a third of the view), the chart the rest: a few
    // epochs leave no blank half page.
    const int total = splitter_->height() - splitter_->handleWidth();
    if (total <= 0 || !chart_)
        return;
    const int rows = model_->rowCount();
    const int rowsHeight = rows * table_->verticalHeader()->defaultSectionSize();
    const int wanted = table_->horizontalHeader()->height() + rowsHeight + 2 * table_->frameWidth() +
                       (table_->horizontalScrollBar()->isVisible() ? table_->horizontalScrollBar()->height() : 0) + 2;
    const int table = std::clamp(wanted, table_->minimumSizeHint().height(), total / 3);
    splitter_->setSizes({total - table, table});
}

bool RunCompareView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == splitter_ && event->type() == QEvent::Resize)
        fitTable();
    return QWidget::eventFilter(watched, event);
}

QString RunCompareView::titleText() const
{
    return title_->text();
}

void RunCompareView::rebuild()
{
    model_->setCurves(compareCurves(runs_, group_));
    // The chart is built again with the curves (a group has other quantities, a run set other colours).
    delete chart_;
    chart_ = new SeriesChart(splitter_);
    splitter_->insertWidget(0, chart_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    const bool fractions = group_ == CompareGroup::Map || group_ == CompareGroup::PrecisionRecall;
    chart_->setXAxis(CompareText::tr("Epoch"), ValueUnit::Epoch);
    chart_->setYAxis(SeriesChart::Axis::Left, CompareText::group(group_),
                     fractions ? ValueUnit::Fraction : ValueUnit::Number);
    // Under the plot, never over the curves; it names each run by its colour and each quantity by its line
    // and marker (runs × quantities entries named "exp3 · box loss" read as one colour in a long list).
    chart_->setLegendBelow();
    for (const CompareCurve& curve : model_->curves()) {
        const int s = chart_->addSeries(curve.name, compareStyle(curve.run, curve.quantityIndex, curve.x.size() <= 60));
        chart_->setData(s, curve.x, curve.y);
        chart_->setInLegend(s, false);
    }
    if (!model_->curves().empty()) {
        for (size_t r = 0; r < runs_.size(); ++r)
            chart_->addLegendEntry(runs_[r].name, compareStyle(static_cast<int>(r), 0, false));
        const auto& quantities = compareQuantities(group_);
        if (quantities.size() > 1)
            for (size_t q = 0; q < quantities.size(); ++q) {
                SeriesChart::Style style = compareStyle(0, static_cast<int>(q), true);
                style.color = palette().color(QPalette::WindowText);
                chart_->addLegendEntry(CompareText::quantity(quantities[q]), style);
            }
    }
    chart_->setVisible(!model_->curves().empty());
    fitTable();
    QStringList names;
    for (const CompareRun& r : runs_)
        names << r.name;
    title_->setText(names.isEmpty() ? QString()
                                    : CompareText::tr("Comparing %1 — %2")
                                          .arg(names.join(QStringLiteral(" · ")), CompareText::group(group_)));
    // Only where the curves are metrics: losses are the same whatever the release.
    const QString note = fractions ? compareMetricsNote(runs_) : QString();
    metricsNote_->setText(note);
    metricsNote_->setVisible(!note.isEmpty());
}

void RunCompareView::retranslate()
{
    const QSignalBlocker block(groupBox_);
    groupBox_->clear();
    for (CompareGroup g : compareGroups())
        groupBox_->addItem(CompareText::group(g));
    const auto& groups = compareGroups();
    groupBox_->setCurrentIndex(static_cast<int>(std::find(groups.begin(), groups.end(), group_) - groups.begin()));
    groupBox_->setToolTip(CompareText::tr("Which curves to compare"));
    // Curve names carry translated quantity names: build them again.
    rebuild();
}

void RunCompareView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace ys::ui
