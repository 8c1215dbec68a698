#include "ui/runs/runfitview.h"

#include <algorithm>

#include "ui/fit/fittext.h"
#include "ui/fit/stagefitmodel.h"
#include "ui/common/runtext.h"

#include <QEvent>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

QString precision(bool amp, const std::string& mode)
{
    if (!amp || mode == "off")
        return QStringLiteral("fp32");
    return QString::fromStdString(mode);
}

}  // namespace

RunFitView::RunFitView(QWidget* parent) : QWidget(parent), text_(new QTextBrowser(this))
{
    text_->setOpenLinks(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(text_);
    render();
}

void RunFitView::setFitJson(const std::string& text, const std::string& source)
{
    result_.reset();
    error_.reset();
    present_ = !text.empty();
    if (present_) {
        auto r = ys::fit::fitResultFromJson(text, source);
        if (r.ok())
            result_ = std::move(r).value();
        else
            error_ = r.error();
    }
    render();
}

void RunFitView::clear()
{
    setFitJson({}, {});
}

QString RunFitView::plainText() const
{
    return text_->toPlainText();
}

void RunFitView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

QString RunFitView::html(const ys::fit::FitResult& r)
{
    const ys::fit::Recommendation& rec = r.recommended;
    const QLocale loc;
    QString h;
    h += QStringLiteral("<h3>%1</h3>").arg(tr("Fit to memory (batch=auto)").toHtmlEscaped());
    if (rec.fits)
        h += QStringLiteral("<p><b>%1</b></p>")
                 .arg(tr("Batch %1 at %2 px with %3, accumulating %4 batches (effective batch %5).")
                          .arg(rec.batch)
                          .arg(rec.imgsz)
                          .arg(precision(rec.amp, rec.ampMode))
                          .arg(rec.accumulate)
                          .arg(rec.batch * rec.accumulate)
                          .toHtmlEscaped());
    else
        h += QStringLiteral("<p><b>%1</b></p>")
                 .arg(tr("Nothing fits the budget: batch 1 at %1 px needs about %2.")
                          .arg(rec.imgsz)
                          .arg(RunText::bytes(rec.predictedPeakBytes))
                          .toHtmlEscaped());
    h += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    auto row = [&](const QString& name, const QString& value) {
        h += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(name.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Predicted peak"), r.uncertainty > 0
                                  ? tr("%1 (± %2%)").arg(RunText::bytes(rec.predictedPeakBytes))
                                        .arg(loc.toString(r.uncertainty * 100.0, 'f', 0))
                                  : RunText::bytes(rec.predictedPeakBytes));
    row(tr("Budget"), tr("%1 of %2").arg(RunText::bytes(r.budgetBytes), RunText::bytes(r.deviceTotalBytes)));
    row(tr("Margin kept free"), tr("%1%").arg(loc.toString(r.margin * 100.0, 'f', 0)));
    row(tr("Certainty"), FitText::certainty(r));   // the fit's codes in the UI's language
    row(tr("Planned for"), QString::fromStdString(r.target));
    row(tr("Probed on"), tr("%1: %n step(s) in %2", nullptr, static_cast<int>(r.points.size()))
                             .arg(QString::fromStdString(r.device), RunText::duration(r.probeSeconds)));
    row(tr("Most boxes in one image"), loc.toString(r.maxBoxes));
    h += QStringLiteral("</table>");

    const ys::fit::MemoryBreakdown& b = r.breakdown;
    const std::pair<QString, int64_t> parts[] = {
        {tr("Weights"), b.weights},          {tr("Gradients"), b.gradients},
        {tr("Optimizer state"), b.optimizer}, {tr("EMA copy"), b.ema},
        {tr("Activations"), b.activations},  {tr("Loss and assigner"), b.assigner},
        {tr("Validation batch"), b.validation}, {tr("Loader queue"), b.loaderQueue},
        {tr("CUDA context + workspace"), b.cudaContext}, {tr("Allocator overhead"), b.allocatorOverhead},
    };
    h += QStringLiteral("<h4>%1</h4><table cellspacing=\"0\" cellpadding=\"3\">").arg(tr("Memory at the peak").toHtmlEscaped());
    for (const auto& [name, bytes] : parts)
        if (bytes > 0)
            row(name, RunText::bytes(bytes));
    h += QStringLiteral("</table>");

    if (!r.table.empty()) {
        h += QStringLiteral("<h4>%1</h4><table border=\"1\" cellspacing=\"0\" cellpadding=\"3\"><tr><th>%2</th><th>%3</th>"
                            "<th>%4</th><th>%5</th><th>%6</th></tr>")
                 .arg(tr("Largest batch under the budget").toHtmlEscaped(), tr("Scale").toHtmlEscaped(),
                      tr("Image size").toHtmlEscaped(), tr("Precision").toHtmlEscaped(),
                      tr("Batch").toHtmlEscaped(), tr("Peak").toHtmlEscaped());
        for (const ys::fit::TableRow& t : r.table)
            h += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>%3</td><td align=\"right\">%4</td>"
                                "<td align=\"right\">%5</td></tr>")
                     .arg(QString(QChar::fromLatin1(t.scale)))
                     .arg(t.imgsz)
                     .arg(t.amp ? tr("mixed") : QStringLiteral("fp32"))
                     .arg(t.maxBatch > 0 ? QString::number(t.maxBatch) : tr("none fits"))
                     .arg(t.maxBatch > 0 ? RunText::bytes(t.peakAtMaxBatch) : QStringLiteral("—"));
        h += QStringLiteral("</table>");
    }
    if (!r.stages.empty()) {
        // The same cells as the Fit dialog's and the pre-flight's stage tables (StageFitModel).
        h += QStringLiteral("<h4>%1</h4><table border=\"1\" cellspacing=\"0\" cellpadding=\"3\"><tr>")
                 .arg(tr("Stages, each fitted at its image size").toHtmlEscaped());
        for (int c = 0; c < StageFitModel::ColumnCount; ++c)
            h += QStringLiteral("<th>%1</th>").arg(StageFitModel::headerText(StageFitModel::Column(c)).toHtmlEscaped());
        h += QStringLiteral("</tr>");
        for (const ys::fit::StageFit& st : r.stages) {
            h += QStringLiteral("<tr>");
            for (int c = 0; c < StageFitModel::ColumnCount; ++c) {
                const auto column = StageFitModel::Column(c);
                h += QStringLiteral("<td%1>%2</td>")
                         .arg(StageFitModel::isNumeric(column) ? QStringLiteral(" align=\"right\"") : QString(),
                              StageFitModel::cellText(st, column).toHtmlEscaped());
            }
            h += QStringLiteral("</tr>");
        }
        h += QStringLiteral("</table>");
    }
    if (!r.checkpointOptions.empty()) {
        h += QStringLiteral("<h4>%1</h4><table border=\"1\" cellspacing=\"0\" cellpadding=\"3\"><tr><th>%2</th><th>%3</th>"
                            "<th>%4</th><th>%5</th><th>%6</th></tr>")
                 .arg(tr("Activation checkpointing").toHtmlEscaped(), tr("Layers").toHtmlEscaped(),
                      tr("Batch").toHtmlEscaped(), tr("Image size").toHtmlEscaped(),
                      tr("Activation memory").toHtmlEscaped(), tr("Step time").toHtmlEscaped());
        for (const ys::fit::CheckpointOption& o : r.checkpointOptions)
            h += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td>"
                                "<td align=\"right\">%4</td><td align=\"right\">%5</td></tr>")
                     .arg(QString::fromStdString(o.setting).toHtmlEscaped())
                     .arg(o.batch > 0 ? QString::number(o.batch) : QStringLiteral("—"))
                     .arg(o.imgsz > 0 ? QString::number(o.imgsz) : QStringLiteral("—"))
                     .arg(tr("−%1%").arg(loc.toString(o.activationSaving * 100.0, 'f', 0)))
                     .arg(tr("%1%").arg(loc.toString(o.stepTimeIncrease * 100.0, 'f', 0)).prepend(
                         o.stepTimeIncrease >= 0 ? QStringLiteral("+") : QString()));
        h += QStringLiteral("</table>");
    }
    if (!r.layers.layers.empty() && r.layers.activationTotal > 0) {
        // Where the activation memory goes: the layers that keep the most, largest first.
        std::vector<const ys::fit::LayerMemory*> layers;
        for (const ys::fit::LayerMemory& l : r.layers.layers)
            if (l.part != ys::fit::LayerMemory::Part::Optimizer && l.activationBytes > 0)
                layers.push_back(&l);
        std::stable_sort(layers.begin(), layers.end(),
                         [](const auto* a, const auto* b) { return a->activationBytes > b->activationBytes; });
        if (layers.size() > 10)
            layers.resize(10);
        h += QStringLiteral("<h4>%1</h4><p>%2</p><table border=\"1\" cellspacing=\"0\" cellpadding=\"3\"><tr><th>%3</th>"
                            "<th>%4</th><th>%5</th><th>%6</th><th>%7</th></tr>")
                 .arg(tr("Activation memory by layer").toHtmlEscaped(),
                      tr("At batch %1 and %2 px in fp32: %3 in all. ★: checkpointing the layer would help.")
                          .arg(r.layers.batch)
                          .arg(r.layers.imgsz)
                          .arg(RunText::bytes(r.layers.activationTotal))
                          .toHtmlEscaped(),
                      tr("Layer").toHtmlEscaped(), tr("Stride").toHtmlEscaped(), tr("Keeps").toHtmlEscaped(),
                      tr("Share").toHtmlEscaped(), tr("Of which output").toHtmlEscaped());
        for (const ys::fit::LayerMemory* l : layers) {
            QString name;
            switch (l->part) {
            case ys::fit::LayerMemory::Part::Input: name = tr("input images"); break;
            case ys::fit::LayerMemory::Part::Loss: name = tr("loss and assigner"); break;
            case ys::fit::LayerMemory::Part::Optimizer:
            case ys::fit::LayerMemory::Part::Layer:
                name = QStringLiteral("%1 %2").arg(l->layer).arg(QString::fromStdString(ys::fit::layerLabel(*l)));
                break;
            }
            if (l->checkpointHelps)
                name += QStringLiteral(" ★");
            h += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td>"
                                "<td align=\"right\">%4</td><td align=\"right\">%5</td></tr>")
                     .arg(name.toHtmlEscaped())
                     .arg(l->stride > 0 ? QString::number(l->stride) : QStringLiteral("—"))
                     .arg(RunText::bytes(l->activationBytes))
                     .arg(tr("%1%").arg(loc.toString(100.0 * static_cast<double>(l->activationBytes) /
                                                         static_cast<double>(r.layers.activationTotal), 'f', 1)))
                     .arg(RunText::bytes(l->outputBytes));
        }
        h += QStringLiteral("</table>");
    }
    const QStringList notes = FitText::notes(r);
    if (!notes.isEmpty()) {
        h += QStringLiteral("<h4>%1</h4><ul>").arg(tr("Notes").toHtmlEscaped());
        for (const QString& n : notes)
            h += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
        h += QStringLiteral("</ul>");
    }
    return h;
}

void RunFitView::render()
{
    if (!present_) {
        text_->setHtml(QStringLiteral("<p>%1</p>")
                           .arg(tr("This run has no fit.json: it was started with a fixed batch, not batch=auto.")
                                    .toHtmlEscaped()));
        return;
    }
    if (!result_) {
        text_->setHtml(QStringLiteral("<p>%1</p>").arg(RunText::problem(*error_).toHtmlEscaped()));
        return;
    }
    text_->setHtml(html(*result_));
}

}  // namespace ys::ui
