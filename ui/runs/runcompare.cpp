#include "ui/runs/runcompare.h"

#include <QDir>
#include <QFileInfo>

namespace ys::ui {

QString CompareText::group(CompareGroup group)
{
    switch (group) {
    case CompareGroup::Map: return tr("mAP");
    case CompareGroup::TrainLoss: return tr("Training losses");
    case CompareGroup::ValLoss: return tr("Validation losses");
    case CompareGroup::PrecisionRecall: return tr("Precision and recall");
    }
    return {};
}

QString CompareText::quantity(CompareQuantity q)
{
    switch (q) {
    case CompareQuantity::Map50_95: return tr("mAP50-95");
    case CompareQuantity::Map50: return tr("mAP50");
    case CompareQuantity::TrainBox: return tr("box loss");
    case CompareQuantity::TrainCls: return tr("cls loss");
    case CompareQuantity::TrainDfl: return tr("dfl / l1 loss");
    case CompareQuantity::ValBox: return tr("val box loss");
    case CompareQuantity::ValCls: return tr("val cls loss");
    case CompareQuantity::ValDfl: return tr("val dfl / l1 loss");
    case CompareQuantity::Precision: return tr("precision");
    case CompareQuantity::Recall: return tr("recall");
    }
    return {};
}

const std::vector<CompareGroup>& compareGroups()
{
    static const std::vector<CompareGroup> groups = {CompareGroup::Map, CompareGroup::TrainLoss, CompareGroup::ValLoss,
                                                     CompareGroup::PrecisionRecall};
    return groups;
}

const std::vector<CompareQuantity>& compareQuantities(CompareGroup group)
{
    using Q = CompareQuantity;
    static const std::vector<Q> map = {Q::Map50_95, Q::Map50};
    static const std::vector<Q> train = {Q::TrainBox, Q::TrainCls, Q::TrainDfl};
    static const std::vector<Q> val = {Q::ValBox, Q::ValCls, Q::ValDfl};
    static const std::vector<Q> pr = {Q::Precision, Q::Recall};
    switch (group) {
    case CompareGroup::Map: return map;
    case CompareGroup::TrainLoss: return train;
    case CompareGroup::ValLoss: return val;
    case CompareGroup::PrecisionRecall: return pr;
    }
    return map;
}

bool compareValue(const ys::EpochResult& row, CompareQuantity q, double* value)
{
    switch (q) {
    case CompareQuantity::TrainBox: *value = row.trainBox; return true;
    case CompareQuantity::TrainCls: *value = row.trainCls; return true;
    case CompareQuantity::TrainDfl: *value = row.trainDfl; return true;
    default: break;
    }
    if (!row.validated)
        return false;
    switch (q) {
    case CompareQuantity::Map50_95: *value = row.map50_95; return true;
    case CompareQuantity::Map50: *value = row.map50; return true;
    case CompareQuantity::ValBox: *value = row.valBox; return true;
    case CompareQuantity::ValCls: *value = row.valCls; return true;
    case CompareQuantity::ValDfl: *value = row.valDfl; return true;
    case CompareQuantity::Precision: *value = row.precision; return true;
    case CompareQuantity::Recall: *value = row.recall; return true;
    default: return false;
    }
}

std::vector<CompareCurve> compareCurves(const std::vector<CompareRun>& runs, CompareGroup group)
{
    std::vector<CompareCurve> out;
    const std::vector<CompareQuantity>& qs = compareQuantities(group);
    for (size_t r = 0; r < runs.size(); ++r)
        for (size_t k = 0; k < qs.size(); ++k) {
            CompareCurve c;
            c.run = static_cast<int>(r);
            c.quantityIndex = static_cast<int>(k);
            c.quantity = qs[k];
            c.name = CompareText::tr("%1 · %2").arg(runs[r].name, CompareText::quantity(qs[k]));
            for (const ys::EpochResult& row : runs[r].rows) {
                double v = 0;
                if (compareValue(row, qs[k], &v)) {
                    c.x.push_back(row.epoch);
                    c.y.push_back(v);
                }
            }
            out.push_back(std::move(c));
        }
    return out;
}

QString compareMetricsNote(const std::vector<CompareRun>& runs)
{
    QStringList releases;
    std::vector<QStringList> names;
    for (const CompareRun& r : runs) {
        if (r.metrics.isEmpty())
            continue;
        qsizetype i = releases.indexOf(r.metrics);
        if (i < 0) {
            releases << r.metrics;
            names.emplace_back();
            i = releases.size() - 1;
        }
        names[static_cast<size_t>(i)] << r.name;
    }
    if (releases.size() < 2)
        return {};
    QStringList parts;
    for (qsizetype i = 0; i < releases.size(); ++i)
        parts << CompareText::tr("Ultralytics %1: %2").arg(releases[i], names[static_cast<size_t>(i)].join(QStringLiteral(", ")));
    return CompareText::tr("These runs score mAP, precision and recall as different Ultralytics releases (%1). 8.3 "
                           "reads higher than 8.4 at low recall: compare their metrics within one release only.")
        .arg(parts.join(QStringLiteral("; ")));
}

std::vector<QString> compareNames(const std::vector<QString>& runDirs)
{
    std::vector<QString> names;
    for (const QString& d : runDirs)
        names.push_back(QFileInfo(QDir::cleanPath(d)).fileName());
    for (size_t i = 0; i < names.size(); ++i) {
        bool repeated = false;
        for (size_t j = 0; j < names.size(); ++j)
            repeated |= j != i && QFileInfo(QDir::cleanPath(runDirs[j])).fileName() == QFileInfo(QDir::cleanPath(runDirs[i])).fileName();
        if (repeated) {
            const QFileInfo f(QDir::cleanPath(runDirs[i]));
            names[i] = f.dir().dirName() + QLatin1Char('/') + f.fileName();
        }
    }
    return names;
}

}  // namespace ys::ui
