#include "ui/report/reportwriter.h"

#include "common/config.h"
#include "common/fileutil.h"
#include "memory/memory.h"
#include "ui/charts/trainingcharts.h"
#include "ui/config/configtext.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/common/findingtext.h"
#include "ui/dataset/datasetstatswidget.h"
#include "ui/report/reportimages.h"
#include "ui/report/reportreview.h"
#include "ui/runs/runfitview.h"
#include "ui/common/runtext.h"
#include "ui/train/dashboard.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <map>

namespace ys::ui {
namespace {

constexpr int kChartWidth = 900;     // CSS pixels of a chart in the browser document
constexpr int kChartHeight = 300;
constexpr int kPdfWidth = 680;       // widest image on an A4 page with 15 mm margins at 96 dpi
constexpr double kDpr = 2.0;         // charts are drawn at twice their display size (sharp on paper and HiDPI)
constexpr QChar kMark = QChar(0x1);  // image placeholders: \x01<index>\x01 (esc() drops control characters)

// Text from the run, its dataset or a file, made safe for the markup: control characters dropped (they
// would also end an image placeholder), then &, <, > and " escaped.
QString esc(const QString& in)
{
    QString s;
    s.reserve(in.size());
    for (QChar c : in)
        s += c.unicode() < 0x20 ? (c == u'\n' || c == u'\t' ? QChar(u' ') : QChar()) : c;
    s.remove(QChar());
    return s.toHtmlEscaped();
}

QString esc(const std::string& s)
{
    return esc(QString::fromStdString(s));
}

QString num(double v, int decimals = 3)
{
    return QString::number(v, 'f', decimals);
}

QString row(const QString& name, const QString& valueHtml)
{
    return QStringLiteral("<tr><th align=\"left\">%1</th><td>%2</td></tr>")
        .arg(name.toHtmlEscaped(), valueHtml.isEmpty() ? QStringLiteral("—") : valueHtml);
}

QString table(const QString& rows)
{
    return QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" style=\"border-collapse: collapse\">"
                          "%1</table>")
        .arg(rows);
}

// An image with its caption: "%1" the image tag, "%2" the caption's markup. Plain blocks rather than
// <figure>, which QTextDocument does not know (it left a gap of the image's height around it).
QString figure()
{
    return QStringLiteral("<div class=\"figure\">%1<p class=\"caption muted\">%2</p></div>");
}

QString note(const QString& text)
{
    return QStringLiteral("<p class=\"muted\"><i>%1</i></p>").arg(text.toHtmlEscaped());
}

QString banner(const QString& cls, const QString& textHtml)
{
    const QString colour = cls == QLatin1String("bad") ? QStringLiteral("#fdecea")
                           : cls == QLatin1String("warn") ? QStringLiteral("#fff4e5")
                                                          : QStringLiteral("#e6f4ea");
    return QStringLiteral("<table class=\"banner %1\" width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"8\">"
                          "<tr><td bgcolor=\"%2\">%3</td></tr></table>")
        .arg(cls, colour, textHtml);
}

QString phaseTitle(ys::memory::Phase p)
{
    using P = ys::memory::Phase;
    switch (p) {
    case P::Idle: return ReportWriter::tr("Idle");
    case P::TrainStep: return ReportWriter::tr("Training step");
    case P::Assigner: return ReportWriter::tr("Loss and assigner");
    case P::Validation: return ReportWriter::tr("Validation");
    case P::Checkpoint: return ReportWriter::tr("Checkpoint");
    case P::Probe: return ReportWriter::tr("Probe");
    }
    return {};
}

QByteArray encode(const QImage& image, bool photo)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, photo ? "JPEG" : "PNG", photo ? 85 : -1);
    return bytes;
}

// The images the label check kept out of training: a sentence with the count by rule, then a table of the
// first kExcludedShown files, relative to the dataset's root (check.json lists every one). Empty when none.
constexpr size_t kExcludedShown = 20;

QString excludedImagesHtml(const std::vector<ys::ExcludedImage>& excluded, const std::string& root)
{
    const QDir dataset(QString::fromStdString(root));
    if (excluded.empty())
        return {};
    std::map<std::string, int> byCode;
    for (const ys::ExcludedImage& e : excluded)
        ++byCode[e.code];
    QStringList rules;
    for (const auto& [code, n] : byCode)
        rules << ReportWriter::tr("%1 × %2").arg(n).arg(problemTitle(code));
    QString h = QStringLiteral("<h3>%1</h3>").arg(ReportWriter::tr("Images left out of training").toHtmlEscaped());
    h += QStringLiteral("<p>%1</p>")
             .arg(ReportWriter::tr("The label check kept %n image(s) out of training and validation: %1.", nullptr,
                                   static_cast<int>(excluded.size()))
                      .arg(rules.join(QStringLiteral(", ")))
                      .toHtmlEscaped());
    QString rows = QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th></tr>")
                       .arg(ReportWriter::tr("Split").toHtmlEscaped(), ReportWriter::tr("Image").toHtmlEscaped(),
                            ReportWriter::tr("Rule").toHtmlEscaped());
    for (size_t i = 0; i < excluded.size() && i < kExcludedShown; ++i) {
        const ys::ExcludedImage& e = excluded[i];
        rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3<br><span class=\"muted\"><code>%4</code></span></td></tr>")
                    .arg(DatasetStatsWidget::splitName(static_cast<int>(e.split)).toHtmlEscaped(),
                         esc(root.empty() ? QString::fromStdString(e.image)
                                          : dataset.relativeFilePath(QString::fromStdString(e.image))),
                         problemTitle(e.code).toHtmlEscaped(), esc(e.code));
    }
    h += table(rows);
    if (excluded.size() > kExcludedShown)
        h += note(ReportWriter::tr("… and %n more; the run's check.json lists every one.", nullptr,
                                   static_cast<int>(excluded.size() - kExcludedShown)));
    return h;
}

const char* kCss = R"(
body { font-family: "Noto Sans", "Noto Sans CJK SC", "Segoe UI", "Microsoft YaHei", Arial, sans-serif;
       color: #222; max-width: 980px; margin: 24px auto; padding: 0 16px; line-height: 1.45; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 36px; }
h3 { font-size: 16px; } h4 { font-size: 14px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; vertical-align: top; }
th { background: #f4f4f4; text-align: left; font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.changed td, tr.changed th { background: #fff3bf; }
table.banner td { border-radius: 4px; }
.muted { color: #666; }
img { max-width: 100%; height: auto; }
nav ol { columns: 2; }
div.figure { margin: 12px 0; } p.caption { color: #666; font-size: 13px; margin-top: 2px; }
.samples img { margin: 6px 0; }
@media print { h2 { page-break-before: always; } }
)";

}  // namespace

QStringList ReportWriter::sectionIds()
{
    return {QStringLiteral("summary"), QStringLiteral("environment"), QStringLiteral("dataset"),
            QStringLiteral("settings"), QStringLiteral("memory"), QStringLiteral("curves"),
            QStringLiteral("classes"), QStringLiteral("pr-curves"), QStringLiteral("confusion"),
            QStringLiteral("samples"), QStringLiteral("review")};
}

QStringList ReportWriter::sectionTitles()
{
    return {tr("Summary"), tr("Environment"), tr("Dataset"), tr("Settings"), tr("Memory and the fit"),
            tr("Training curves"), tr("Per-class results"), tr("Precision-recall curves"), tr("Confusion matrix"),
            tr("Validation images"), tr("Suspected label mistakes")};
}

ReportWriter::ReportWriter(const ys::report::ReportData& data) : d_(data)
{
    title_ = tr("Training report: %1").arg(QString::fromStdString(d_.run.summary.name));
    const QStringList ids = sectionIds(), titles = sectionTitles();
    for (int i = 0; i < ids.size(); ++i)
        sections_.push_back({ids[i], titles[i], {}});
    buildSummary();
    buildEnvironment();
    buildDataset();
    buildSettings();
    // One dashboard, filled from the run's files as the Runs page fills it, draws every chart of the run.
    Dashboard dash;
    dash.resize(1200, 900);
    dash.showRun(d_.run);
    if (d_.memory.fit)
        dash.setPredictedPeak(d_.memory.fit->recommended.predictedPeakBytes);
    buildMemory(dash);
    buildCurves(dash);
    buildClasses();
    buildPrCurves();
    buildConfusion();
    buildSamples();
    sections_[10].body = reviewSectionHtml(
        d_.review, [this](const QImage& image, const QString& alt, int width) { return imageTag(image, alt, width, true); },
        [](const QString& text) { return esc(text); });
}

ReportWriter::~ReportWriter() = default;

std::optional<ReportWriter::Format> ReportWriter::formatForPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return Format::Html;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

QString ReportWriter::defaultFileName(QString name, Format format)
{
    if (name.isEmpty())
        name = QStringLiteral("run");
    return name + (format == Format::Pdf ? QStringLiteral("-report.pdf") : QStringLiteral("-report.html"));
}

QStringList ReportWriter::classNames() const
{
    QStringList names;
    for (const std::string& n : d_.classNames)
        names << QString::fromStdString(n);
    return names;
}

QString ReportWriter::imageTag(const QImage& image, const QString& alt, int width, bool photo)
{
    if (image.isNull())
        return {};
    images_.push_back({image, alt, width, photo});
    return QString(kMark) + QString::number(images_.size() - 1) + QString(kMark);
}

QString ReportWriter::resolveImages(const QString& body, bool dataUris) const
{
    QString out;
    out.reserve(body.size());
    int pos = 0;
    while (true) {
        const int a = body.indexOf(kMark, pos);
        if (a < 0)
            break;
        const int b = body.indexOf(kMark, a + 1);
        if (b < 0)
            break;
        out += body.mid(pos, a - pos);
        const int index = body.mid(a + 1, b - a - 1).toInt();
        const Image& im = images_.at(static_cast<size_t>(index));
        const QString src = dataUris ? QStringLiteral("data:%1;base64,%2")
                                           .arg(im.photo ? QStringLiteral("image/jpeg") : QStringLiteral("image/png"),
                                                QString::fromLatin1(encode(im.image, im.photo).toBase64()))
                                     : QStringLiteral("report-img:%1").arg(index);
        const int width = dataUris ? im.width : std::min(im.width, kPdfWidth);
        // Both sizes: QTextDocument reserves the image's own (device-pixel) height when given a width only.
        const int height = static_cast<int>(std::lround(static_cast<double>(width) * im.image.height() /
                                                        std::max(1, im.image.width())));
        out += QStringLiteral("<img src=\"%1\" alt=\"%2\" width=\"%3\" height=\"%4\">")
                   .arg(src, esc(im.alt), QString::number(width), QString::number(height));
        pos = b + 1;
    }
    out += body.mid(pos);
    return out;
}

// ---- sections -----------------------------------------------------------------------------------------------

void ReportWriter::buildSummary()
{
    const ys::RunRecord& run = d_.run;
    const ys::RunSummary& s = run.summary;
    QString h;
    h += QStringLiteral("<p class=\"muted\">%1</p>")
             .arg(tr("Generated %1 by YOLO Studio %2 from %3")
                      .arg(RunText::dateTime(d_.generated), QStringLiteral(YS_VERSION).toHtmlEscaped(), esc(run.dir)));
    const int done = s.epochsDone, planned = s.epochsTotal;
    // "3 of 10 epochs", or "3 epochs" when args.yaml is missing.
    const QString epochs = planned > 0 ? tr("%1 of %n epoch(s)", nullptr, planned).arg(done)
                                       : tr("%n epoch(s)", nullptr, done);
    const QString endMessage = d_.end.message.empty() ? QString() : QStringLiteral(" <i>%1</i>").arg(esc(d_.end.message));
    switch (run.status) {
    case ys::RunStatus::Finished:
        h += banner(QStringLiteral("ok"), tr("The run finished: %n epoch(s) trained.", nullptr, done).toHtmlEscaped());
        break;
    case ys::RunStatus::StoppedEarly:
        h += banner(QStringLiteral("ok"), tr("The run stopped early after %1: the validation fitness had not improved "
                                             "for %2 epochs (patience).")
                                              .arg(epochs)
                                              .arg(run.args.patience)
                                              .toHtmlEscaped() + endMessage);
        break;
    case ys::RunStatus::StoppedByUser:
        h += banner(QStringLiteral("warn"), tr("The run was stopped by the user after %1. The figures below are those "
                                               "of the epochs finished.")
                                                .arg(epochs)
                                                .toHtmlEscaped() + endMessage);
        break;
    case ys::RunStatus::Interrupted:
        h += banner(QStringLiteral("warn"), tr("The run was interrupted after %1: the process ended without finishing "
                                               "(killed, crashed or a power cut). The figures below are those of the "
                                               "epochs finished; weights/last.pt holds the last of them.")
                                                .arg(epochs)
                                                .toHtmlEscaped());
        break;
    case ys::RunStatus::Failed:
        h += banner(QStringLiteral("bad"), (done > 0 ? tr("The run failed after %1.").arg(epochs)
                                                     : tr("The run failed before its first epoch."))
                                                   .toHtmlEscaped() + endMessage);
        break;
    case ys::RunStatus::Running:
        h += banner(QStringLiteral("warn"), tr("The run is still training: this report shows the %1 finished so far.")
                                                .arg(epochs)
                                                .toHtmlEscaped());
        break;
    case ys::RunStatus::NotARun: break;
    }

    const ys::EpochResult* best = nullptr;
    for (const ys::EpochResult& r : run.rows)
        if (r.epoch == s.bestEpoch)
            best = &r;
    QString rows;
    rows += row(tr("Run"), esc(s.name));
    rows += row(tr("Status"), RunText::status(run.status, run.resumable).toHtmlEscaped());
    rows += row(tr("Written by"), RunText::origin(run.origin).toHtmlEscaped());
    rows += row(tr("Model"), esc(s.model));
    rows += row(tr("Dataset"), esc(s.dataset));
    rows += row(tr("Epochs"), epochs.toHtmlEscaped());
    if (best) {
        rows += row(tr("Best epoch"), QString::number(best->epoch));
        rows += row(tr("Best mAP50"), num(best->map50));
        rows += row(tr("Best mAP50-95"), num(best->map50_95));
        rows += row(tr("Precision / recall"), QStringLiteral("%1 / %2").arg(num(best->precision), num(best->recall)));
    } else {
        rows += row(tr("Best epoch"), tr("none validated").toHtmlEscaped());
    }
    rows += row(tr("Training time"), RunText::duration(s.wallSeconds).toHtmlEscaped());
    rows += row(tr("Device"), esc(s.device));
    rows += row(tr("Batch size"), s.batch > 0 ? QString::number(s.batch) : s.batch < 0 ? tr("auto (not resolved)").toHtmlEscaped() : QString());
    rows += row(tr("Image size"), s.imgsz > 0 ? tr("%1 px").arg(s.imgsz).toHtmlEscaped() : QString());
    rows += row(tr("Peak memory"), RunText::bytes(s.peakMemory).toHtmlEscaped());
    rows += row(tr("Started"), RunText::dateTime(s.startTime).toHtmlEscaped());
    rows += row(tr("Weights"), esc(run.best.present ? run.best.path : run.last.present ? run.last.path : std::string()));
    h += table(rows);
    h += exportsHtml();
    if (!run.problems.empty()) {
        h += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Problems reading the run's files").toHtmlEscaped());
        for (const ys::Error& e : run.problems)
            h += QStringLiteral("<li>%1</li>").arg(esc(RunText::problem(e)));
        h += QStringLiteral("</ul>");
    }
    sections_[0].body = h;
}

// The models exported from the run's weights (weights/*.onnx): what each file takes and gives.
QString ReportWriter::exportsHtml() const
{
    const ys::report::ExportFacts& e = d_.exports;
    if (e.files.empty() && e.errors.empty())
        return {};
    QString h = QStringLiteral("<h3>%1</h3>").arg(tr("Exported models").toHtmlEscaped());
    QString rows = QStringLiteral("<tr><th align=\"left\">%1</th><th align=\"left\">%2</th><th align=\"left\">%3</th>"
                                  "<th align=\"left\">%4</th><th align=\"left\">%5</th></tr>")
                       .arg(tr("File").toHtmlEscaped(), tr("Input").toHtmlEscaped(), tr("Output").toHtmlEscaped(),
                            tr("Format").toHtmlEscaped(), tr("Written").toHtmlEscaped());
    for (const ys::onnx::OnnxFileInfo& f : e.files) {
        const QString format = tr("ONNX opset %1, %2%3").arg(f.opset).arg(RunText::bytes(f.bytes),
                                                                      f.dynamic ? tr(", dynamic shapes") : QString());
        rows += QStringLiteral("<tr><td>%1</td><td>%2 %3 %4</td><td>%5 %6</td><td>%7</td><td>%8</td></tr>")
                    .arg(esc(QFileInfo(QString::fromStdString(f.path)).fileName()), esc(f.inputName), esc(f.inputType),
                         esc(f.inputShape), esc(f.outputName), esc(f.outputShape), format.toHtmlEscaped(),
                         RunText::dateTime(f.modified).toHtmlEscaped());
    }
    h += table(rows);
    for (const ys::Error& err : e.errors)
        h += note(tr("%1 could not be read: %2")
                      .arg(QFileInfo(QString::fromStdString(err.file)).fileName(), QString::fromStdString(err.message)));
    return h;
}

void ReportWriter::buildEnvironment()
{
    QString h;
    const std::optional<ys::EnvironmentInfo>& env = d_.run.environment ? d_.run.environment : d_.reportMachine;
    if (!d_.run.environment)
        h += note(tr("This run did not record the machine it trained on (an older YOLO Studio or Ultralytics wrote it). "
                     "The figures below describe the machine that wrote this report."));
    if (!env) {
        sections_[1].body = h;
        return;
    }
    const ys::EnvironmentInfo& e = *env;
    const auto orNone = [](const std::string& s) { return s.empty() ? tr("none").toHtmlEscaped() : esc(s); };
    QString rows;
    rows += row(tr("Operating system"), esc(e.os));
    rows += row(tr("Host"), esc(e.host));
    // One-pass arg() wherever text from a file goes in: a "%2" in it must stay text.
    rows += row(tr("CPU"), tr("%1 (%2 logical cores)").arg(esc(e.cpu), QString::number(e.cpuCores)));
    rows += row(tr("Memory"), RunText::bytes(e.ramBytes).toHtmlEscaped());
    QString gpus;
    for (const ys::GpuInfo& g : e.gpus)
        gpus += tr("%1, %2, compute capability %3.%4")
                    .arg(esc(g.name), RunText::bytes(g.totalBytes).toHtmlEscaped(), QString::number(g.computeMajor),
                         QString::number(g.computeMinor)) +
                QStringLiteral("<br>");
    rows += row(tr("GPUs"), gpus.isEmpty() ? tr("none").toHtmlEscaped() : gpus);
    rows += row(tr("NVIDIA driver"), orNone(e.nvidiaDriver));
    rows += row(tr("CUDA"), orNone(e.cuda));
    rows += row(tr("cuDNN"), orNone(e.cudnn));
    rows += row(tr("LibTorch"), esc(e.libtorch));
    rows += row(tr("BLAS"), orNone(e.blas));
    rows += row(tr("OpenCV"), esc(e.opencv));
    rows += row(tr("Qt"), orNone(e.qt));
    rows += row(tr("YOLO Studio"), esc(e.app));
    rows += row(tr("Compiler"), esc(e.compiler));
    if (!e.device.empty()) {
        rows += row(tr("Training device"), esc(e.device));
        rows += row(tr("Threads"), tr("%1 intra-op threads, %2 loader workers").arg(e.intraOpThreads).arg(e.loaderWorkers)
                                       .toHtmlEscaped());
    }
    if (e.world.size > 1) {
        // A data-parallel run: its processes, machines, backend and launcher, and rank 0's machine's devices.
        rows += row(tr("Data parallel"), esc(RunText::world(e.world)));
        if (!e.world.devices.empty())
            rows += row(tr("Devices by rank"), esc(RunText::worldDevices(e.world)));
    }
    if (e.wallTime > 0)
        rows += row(tr("Recorded"), RunText::dateTime(e.wallTime).toHtmlEscaped());
    h += table(rows);
    sections_[1].body = h;
}

void ReportWriter::buildDataset()
{
    const ys::report::DatasetFacts& df = d_.dataset;
    const ys::report::CheckFacts& cf = d_.check;
    QString h;
    h += QStringLiteral("<p>%1</p>").arg(tr("Dataset: %1").toHtmlEscaped().arg(esc(d_.run.args.data)));
    if (df.error)
        h += banner(QStringLiteral("warn"), tr("The dataset could not be read now: %1. Counts below come from the label "
                                               "check the run made before training.")
                                                .toHtmlEscaped()
                                                .arg(esc(df.error->toString())));
    // Splits.
    QString rows = QStringLiteral("<tr><th>%1</th><th class=\"num\">%2</th><th class=\"num\">%3</th>"
                                  "<th class=\"num\">%4</th></tr>")
                       .arg(tr("Split").toHtmlEscaped(), tr("Images").toHtmlEscaped(), tr("Boxes").toHtmlEscaped(),
                            tr("Images without boxes").toHtmlEscaped());
    for (int s = 0; s < ys::kSplitCount; ++s) {
        int64_t images = 0, boxes = 0, backgrounds = 0;
        if (df.dataset) {
            images = df.dataset->count(static_cast<ys::Split>(s));
            for (const auto& c : df.classBoxes)
                boxes += c[static_cast<size_t>(s)];
            backgrounds = df.backgrounds[s];
        } else {
            images = cf.images[s];
        }
        if (images == 0)
            continue;
        rows += QStringLiteral("<tr><td>%1</td><td class=\"num\" align=\"right\">%2</td><td class=\"num\" align=\"right\">%3</td>"
                               "<td class=\"num\" align=\"right\">%4</td></tr>")
                    .arg(DatasetStatsWidget::splitName(s).toHtmlEscaped())
                    .arg(images)
                    .arg(df.dataset ? QString::number(boxes) : QStringLiteral("—"))
                    .arg(df.dataset ? QString::number(backgrounds) : QStringLiteral("—"));
    }
    h += table(rows);

    if (df.dataset) {
        const ys::Dataset& ds = *df.dataset;
        // Classes.
        h += QStringLiteral("<h3>%1</h3>").arg(tr("Boxes per class").toHtmlEscaped());
        QString cr = QStringLiteral("<tr><th class=\"num\">#</th><th>%1</th>").arg(tr("Class").toHtmlEscaped());
        for (int s = 0; s < ys::kSplitCount; ++s)
            if (ds.count(static_cast<ys::Split>(s)) > 0)
                cr += QStringLiteral("<th class=\"num\">%1</th>").arg(DatasetStatsWidget::splitName(s).toHtmlEscaped());
        cr += QStringLiteral("</tr>");
        for (size_t c = 0; c < df.classBoxes.size(); ++c) {
            const bool unused = df.classBoxes[c][0] + df.classBoxes[c][1] + df.classBoxes[c][2] == 0;
            cr += QStringLiteral("<tr%1><td class=\"num\" align=\"right\">%2</td><td>%3</td>")
                      .arg(unused ? QStringLiteral(" class=\"changed\" bgcolor=\"#fff3bf\"") : QString())
                      .arg(c)
                      .arg(esc(ds.spec.names[c]));
            for (int s = 0; s < ys::kSplitCount; ++s)
                if (ds.count(static_cast<ys::Split>(s)) > 0)
                    cr += QStringLiteral("<td class=\"num\" align=\"right\">%1</td>").arg(df.classBoxes[c][static_cast<size_t>(s)]);
            cr += QStringLiteral("</tr>");
        }
        h += table(cr);
        DatasetStatsWidget plots;
        ys::CheckOptions options;
        options.imgsz = d_.run.args.imgsz;
        plots.resize(kChartWidth, 900);
        plots.setData(&ds, nullptr, options);
        const int classWidth = std::clamp(static_cast<int>(df.classBoxes.size()) * 14 + 160, 480, kChartWidth);
        h += figure()
                 .arg(imageTag(plots.renderImage(DatasetStatsWidget::Plot::Classes, QSize(classWidth, 320), kDpr),
                               tr("Boxes per class"), classWidth),
                      tr("Boxes per class and split, as the dataset page counts them.").toHtmlEscaped());
        h += QStringLiteral("<h3>%1</h3>").arg(tr("Box sizes at %1 px").arg(d_.run.args.imgsz).toHtmlEscaped());
        h += figure()
                 .arg(imageTag(plots.renderImage(DatasetStatsWidget::Plot::Sizes, QSize(kChartWidth, kChartHeight), kDpr),
                               tr("Box sizes"), kChartWidth),
                      tr("Square root of each box's area in pixels after letterboxing to the run's image size (%1 px).")
                          .arg(d_.run.args.imgsz)
                          .toHtmlEscaped());
    }

    // The label check.
    h += QStringLiteral("<h3>%1</h3>").arg(tr("Label check").toHtmlEscaped());
    if (!cf.present) {
        h += note(tr("The run holds no check.json (the label check's findings are recorded by YOLO Studio runs)."));
    } else if (cf.error) {
        h += QStringLiteral("<p>%1</p>").arg(esc(cf.error->toString()));
    } else {
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("Checked before training at %1 px: %2 errors, %3 warnings, %4 notes.")
                          .arg(cf.imgsz)
                          .arg(cf.errors)
                          .arg(cf.warnings)
                          .arg(cf.infos)
                          .toHtmlEscaped());
        if (cf.groups.empty()) {
            h += QStringLiteral("<p>%1</p>").arg(tr("No findings.").toHtmlEscaped());
        } else {
            QString fr = QStringLiteral("<tr><th>%1</th><th>%2</th><th class=\"num\">%3</th><th>%4</th></tr>")
                             .arg(tr("Severity").toHtmlEscaped(), tr("Finding").toHtmlEscaped(),
                                  tr("Count").toHtmlEscaped(), tr("Examples").toHtmlEscaped());
            for (const auto& g : cf.groups) {
                QString examples;
                for (const ys::Finding& f : g.examples) {
                    const QString name = esc(QFileInfo(QString::fromStdString(f.file)).fileName());
                    const QString place = f.line > 0 ? name + QLatin1Char(':') + QString::number(f.line) : name;
                    examples += QStringLiteral("<b>%1</b> %2<br>").arg(place, findingText(f).toHtmlEscaped());
                }
                fr += QStringLiteral("<tr><td>%1</td><td>%2<br><span class=\"muted\"><code>%3</code></span></td>"
                                     "<td class=\"num\" align=\"right\">%4</td><td>%5</td></tr>")
                          .arg(FindingsModel::severityName(g.severity).toHtmlEscaped(), problemTitle(g.code).toHtmlEscaped(), esc(g.code),
                               QString::number(g.count), examples);
            }
            h += table(fr);
        }
        h += excludedImagesHtml(cf.excluded, cf.root);
    }
    sections_[2].body = h;
}

void ReportWriter::buildSettings()
{
    const ys::RunRecord& run = d_.run;
    QString h;
    if (!run.hasArgs) {
        sections_[3].body = note(tr("The run has no args.yaml: its settings are not known."));
        return;
    }
    const std::vector<std::string> changed = run.args.changedKeys();
    const ys::TrainConfig defaults;
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("%n setting(s) changed from the defaults (highlighted).", nullptr, static_cast<int>(changed.size()))
                      .toHtmlEscaped());
    QString rows = QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                       .arg(tr("Setting").toHtmlEscaped(), tr("Key").toHtmlEscaped(), tr("Value").toHtmlEscaped(),
                            tr("Default").toHtmlEscaped());
    // YAML scalars as a user reads them: strings without their quotes.
    const auto shown = [](std::string v) {
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"')
            v = v.substr(1, v.size() - 2);
        return esc(v);
    };
    for (const ys::ConfigKey::Group g : ys::configGroups()) {
        rows += QStringLiteral("<tr><td colspan=\"4\" bgcolor=\"#eef2f7\"><b>%1</b></td></tr>").arg(groupLabel(g).toHtmlEscaped());
        for (const ys::ConfigKey& k : ys::configKeys()) {
            if (k.group != g)
                continue;
            const bool isChanged = std::find(changed.begin(), changed.end(), k.name) != changed.end();
            rows += QStringLiteral("<tr%1><td>%2</td><td><code>%3</code></td><td>%4</td><td>%5</td></tr>")
                        .arg(isChanged ? QStringLiteral(" class=\"changed\" bgcolor=\"#fff3bf\"") : QString())
                        .arg(keyLabel(QString::fromLatin1(k.name)).toHtmlEscaped(), QString::fromLatin1(k.name),
                             isChanged ? QStringLiteral("<b>%1</b>").arg(shown(run.args.yamlValue(k.name)))
                                       : shown(run.args.yamlValue(k.name)),
                             shown(defaults.yamlValue(k.name)));
        }
    }
    h += table(rows);
    if (!run.unknownArgs.empty()) {
        QStringList keys;
        for (const std::string& k : run.unknownArgs)
            keys << esc(k);
        h += QStringLiteral("<p>%1 <code>%2</code></p>")
                 .arg(tr("Keys in args.yaml that YOLO Studio does not use:").toHtmlEscaped(), keys.join(QStringLiteral(", ")));
    }
    sections_[3].body = h;
}

void ReportWriter::buildMemory(Dashboard& dash)
{
    const ys::report::MemoryFacts& m = d_.memory;
    QString h;
    if (m.budget > 0)
        h += QStringLiteral("<p>%1</p>").arg(tr("Memory budget (vram): %1").arg(RunText::bytes(m.budget)).toHtmlEscaped());
    if (m.fit)
        h += RunFitView::html(*m.fit);
    else if (m.fitError)
        h += QStringLiteral("<p>%1</p>").arg(esc(RunText::problem(*m.fitError)));
    else
        h += note(tr("The run was started with a fixed batch (not batch=auto): no fit was made."));

    // Predicted against measured, per phase.
    h += QStringLiteral("<h3>%1</h3>").arg(tr("Predicted and measured peaks").toHtmlEscaped());
    if (m.phases.empty()) {
        h += note(tr("The run has no memory timeline (memory.csv)."));
    } else {
        QString rows = QStringLiteral("<tr><th>%1</th><th class=\"num\">%2</th><th class=\"num\">%3</th><th class=\"num\">%4</th></tr>")
                           .arg(tr("Phase").toHtmlEscaped(), tr("Predicted").toHtmlEscaped(),
                                tr("Measured peak").toHtmlEscaped(), tr("Time").toHtmlEscaped());
        for (const ys::report::PhasePeak& p : m.phases) {
            int64_t predicted = 0;
            if (m.fit && (p.phase == ys::memory::Phase::TrainStep || p.phase == ys::memory::Phase::Assigner))
                predicted = m.fit->recommended.predictedPeakBytes;
            else if (m.fit && p.phase == ys::memory::Phase::Validation)
                predicted = m.fit->breakdown.validation;
            rows += QStringLiteral("<tr><td>%1</td><td class=\"num\" align=\"right\">%2</td><td class=\"num\" align=\"right\">%3</td>"
                                   "<td class=\"num\" align=\"right\">%4</td></tr>")
                        .arg(phaseTitle(p.phase).toHtmlEscaped(),
                             predicted > 0 ? RunText::bytes(predicted).toHtmlEscaped() : QStringLiteral("—"),
                             RunText::bytes(p.peak).toHtmlEscaped(), RunText::duration(p.seconds).toHtmlEscaped());
        }
        h += table(rows);
        if (m.fit && m.fit->recommended.predictedPeakBytes > 0 && m.peak > 0)
            h += QStringLiteral("<p>%1</p>")
                     .arg(tr("Measured peak %1 against the predicted %2 (%3% of the prediction).")
                              .arg(RunText::bytes(m.peak), RunText::bytes(m.fit->recommended.predictedPeakBytes))
                              .arg(QString::number(100.0 * static_cast<double>(m.peak) /
                                                       static_cast<double>(m.fit->recommended.predictedPeakBytes), 'f', 1))
                              .toHtmlEscaped());
    }

    // Every out-of-memory recovery.
    h += QStringLiteral("<h3>%1</h3>").arg(tr("Out-of-memory recoveries").toHtmlEscaped());
    if (m.recoveries.empty()) {
        h += QStringLiteral("<p>%1</p>").arg(tr("None: training never ran out of memory.").toHtmlEscaped());
    } else {
        QString rows = QStringLiteral("<tr><th class=\"num\">%1</th><th class=\"num\">%2</th><th>%3</th><th>%4</th></tr>")
                           .arg(tr("Epoch").toHtmlEscaped(), tr("Batch").toHtmlEscaped(), tr("Change").toHtmlEscaped(),
                                tr("Message").toHtmlEscaped());
        for (const ys::TrainEvent& e : m.recoveries) {
            QString change = Dashboard::outOfMemoryChange(e);
            if (change.isEmpty())
                change = RunText::eventKind(e.kind);
            rows += QStringLiteral("<tr><td class=\"num\" align=\"right\">%1</td><td class=\"num\" align=\"right\">%2</td>"
                                   "<td>%3</td><td>%4</td></tr>")
                        .arg(e.epoch)
                        .arg(e.batch)
                        .arg(change.toHtmlEscaped(), esc(e.message));
        }
        h += table(rows);
    }

    if (!d_.run.memory.empty()) {
        h += QStringLiteral("<h3>%1</h3>").arg(tr("Memory timeline").toHtmlEscaped());
        h += figure()
                 .arg(imageTag(dash.memoryChart()->renderImage(QSize(kChartWidth, 340), kDpr), tr("Memory timeline"),
                               kChartWidth),
                      tr("Allocated, reserved and peak memory of the last session with its phases (training, "
                         "validation, checkpoint), the budget and the fit's predicted peak; marks at out-of-memory "
                         "recoveries.")
                          .toHtmlEscaped());
    }
    sections_[4].body = h;

}

void ReportWriter::buildCurves(Dashboard& dash)
{
    QString c;
    if (d_.run.rows.empty()) {
        c += note(tr("No epoch finished: there are no curves yet."));
    } else {
        const auto chartFigure = [&](SeriesChart* chart, const QString& alt, const QString& caption) {
            return figure()
                .arg(imageTag(chart->renderImage(QSize(kChartWidth, kChartHeight), kDpr), alt, kChartWidth),
                     caption.toHtmlEscaped());
        };
        const bool l1 = d_.run.rows.back().l1Loss;   // YOLO26: Ultralytics 8.4's L1 distance loss, no DFL bins
        c += chartFigure(dash.lossChart(), tr("Losses"),
                         l1 ? tr("Box, class and L1 distance losses per epoch: training solid, validation dashed.")
                            : tr("Box, class and DFL losses per epoch: training solid, validation dashed."));
        c += chartFigure(dash.metricsChart(), tr("Metrics"), tr("Precision, recall, mAP50 and mAP50-95 of each validated epoch."));
        c += chartFigure(dash.learningRateChart(), tr("Learning rate"), tr("Learning rate of each parameter group."));
        // Throughput is known only to a run followed live (results.csv does not hold it).
        if (std::any_of(d_.run.rows.begin(), d_.run.rows.end(), [](const ys::EpochResult& r) { return r.imagesPerSecond > 0; }))
            c += chartFigure(dash.throughputChart(), tr("Throughput"), tr("Training throughput per epoch (images per second)."));
    }
    sections_[5].body = c;
}

void ReportWriter::buildClasses()
{
    QString h;
    if (!d_.run.metrics) {
        sections_[6].body = note(tr("The run has no metrics.json: no epoch was validated."));
        return;
    }
    const ys::RunMetrics& rm = *d_.run.metrics;
    const ys::DetectionMetrics& m = rm.metrics;
    const QStringList names = classNames();
    const bool is83 = m.version == ys::MetricsVersion::Ultralytics83;
    h += QStringLiteral("<p>%1</p>").arg((is83 ? tr("Validation of the best epoch (%1), scored as Ultralytics 8.3 scores "
                                                    "it: fitness %2 = 0.1 × mAP50 + 0.9 × mAP50-95.")
                                               : tr("Validation of the best epoch (%1), scored as Ultralytics 8.4 scores "
                                                    "it: fitness %2 = mAP50-95."))
                                              .arg(rm.epoch)
                                              .arg(num(rm.fitness))
                                              .toHtmlEscaped());
    QString rows = QStringLiteral("<tr><th>%1</th><th class=\"num\">%2</th><th class=\"num\">%3</th><th class=\"num\">P</th>"
                                  "<th class=\"num\">R</th><th class=\"num\">mAP50</th><th class=\"num\">mAP50-95</th></tr>")
                       .arg(tr("Class").toHtmlEscaped(), tr("Images").toHtmlEscaped(), tr("Instances").toHtmlEscaped());
    int64_t instances = 0;
    for (const ys::ClassMetrics& c : m.perClass)
        instances += c.instances;
    const auto line = [](const QString& name, const QString& images, int64_t inst, double p, double r, double a, double b,
                         bool bold) {
        const QString o = bold ? QStringLiteral("<b>") : QString(), e = bold ? QStringLiteral("</b>") : QString();
        return QStringLiteral("<tr><td>%1%2%3</td><td class=\"num\" align=\"right\">%4</td><td class=\"num\" align=\"right\">%5</td>"
                              "<td class=\"num\" align=\"right\">%6</td><td class=\"num\" align=\"right\">%7</td>"
                              "<td class=\"num\" align=\"right\">%8</td><td class=\"num\" align=\"right\">%9</td></tr>")
            .arg(o, name, e, images, QString::number(inst), num(p), num(r), num(a), num(b));
    };
    rows += line(tr("all").toHtmlEscaped(), QStringLiteral("—"), instances, m.precision, m.recall, m.map50, m.map50_95, true);
    for (const ys::ClassMetrics& c : m.perClass)
        rows += line(esc(c.cls < names.size() ? names[c.cls] : QString::number(c.cls)), QString::number(c.images),
                     c.instances, c.precision, c.recall, c.ap50, c.ap50_95, false);
    h += table(rows);
    h += note(tr("P and R at the confidence that maximises the mean F1; AP as Ultralytics computes it (101-point "
                 "interpolation), so these figures match its results.csv."));
    sections_[6].body = h;
}

void ReportWriter::buildPrCurves()
{
    if (!d_.run.metrics) {
        sections_[7].body = note(tr("The run has no metrics.json: no epoch was validated."));
        return;
    }
    const QImage img = prCurveImage(d_.run.metrics->metrics.perClass, classNames(), QSize(kChartWidth, 420), kDpr);
    if (img.isNull()) {
        sections_[7].body = note(tr("This run's metrics.json holds no precision-recall curves (written by an older "
                                    "version, or no class had a detection)."));
        return;
    }
    sections_[7].body = figure()
                            .arg(imageTag(img, tr("Precision-recall curves"), kChartWidth),
                                 tr("Precision against recall at IoU 0.5 per class (AP50 after each name) and over all "
                                    "classes, at the best epoch.")
                                     .toHtmlEscaped());
}

void ReportWriter::buildConfusion()
{
    if (!d_.run.metrics || d_.run.metrics->metrics.confusion.empty()) {
        sections_[8].body = note(tr("The run has no confusion matrix (metrics.json is missing or holds none)."));
        return;
    }
    const auto& conf = d_.run.metrics->metrics.confusion;
    const QImage img = confusionMatrixImage(conf, classNames(), tr("background"), kDpr);
    const int width = std::min(kChartWidth, static_cast<int>(img.width() / kDpr));
    sections_[8].body = figure()
                            .arg(imageTag(img, tr("Confusion matrix"), width),
                                 tr("Rows: predicted class; columns: true class; colour: share of the column (the "
                                    "true class). Detections above confidence 0.25 matched at IoU above 0.45, as "
                                    "Ultralytics counts them; background collects missed objects (row) and false "
                                    "detections (column).")
                                     .toHtmlEscaped());
}

void ReportWriter::buildSamples()
{
    const ys::report::SampleFacts& s = d_.samples;
    QString h;
    if (s.error)
        h += QStringLiteral("<p>%1</p>").arg(tr("No validation images: %1").toHtmlEscaped().arg(esc(s.error->toString())));
    if (!s.samples.empty()) {
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("%n validation image(s) with their labels (left) and the predictions of %1 at confidence ≥ %2 "
                         "(right).", nullptr, static_cast<int>(s.samples.size()))
                          .toHtmlEscaped()
                          .arg(esc(QFileInfo(QString::fromStdString(s.weights)).fileName()), num(s.conf, 2)));
        const QStringList names = classNames();
        h += QStringLiteral("<div class=\"samples\">");
        for (const ys::report::ValidationSample& v : s.samples) {
            const QImage pair = validationPairImage(v, names, tr("Labels"), tr("Predictions"));
            const QString file = QFileInfo(QString::fromStdString(v.image)).fileName();
            h += figure()
                     .arg(imageTag(pair, file, std::min(kChartWidth, pair.width()), true),
                          tr("%1 (%2 × %3 px): %4 labelled, %5 predicted")
                              .toHtmlEscaped()
                              .arg(esc(file), QString::number(v.width), QString::number(v.height),
                                   QString::number(v.truth.size()), QString::number(v.predicted.size())));
        }
        h += QStringLiteral("</div>");
    }
    sections_[9].body = h;
}

// ---- documents ------------------------------------------------------------------------------------------------

QString ReportWriter::document(bool browser, const std::vector<int>& pages) const
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\">"
                        "<meta name=\"generator\" content=\"YOLO Studio %2\">"
                        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
                        "style-src 'unsafe-inline'\">"
                        "<title>%3</title><style>%4</style></head><body>\n")
             .arg(QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh-CN") : QStringLiteral("en"),
                  QStringLiteral(YS_VERSION), title_.toHtmlEscaped(), browser ? QString::fromLatin1(kCss) : QString());
    h += QStringLiteral("<h1>%1</h1>\n").arg(title_.toHtmlEscaped());
    // Contents: links in the browser, page numbers on paper.
    h += QStringLiteral("<nav><h3>%1</h3>").arg(tr("Contents").toHtmlEscaped());
    if (browser) {
        h += QStringLiteral("<ol>");
        for (const Section& s : sections_)
            h += QStringLiteral("<li><a href=\"#%1\">%2</a></li>").arg(s.id, s.title.toHtmlEscaped());
        h += QStringLiteral("</ol>");
    } else {
        h += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\">");
        for (size_t i = 0; i < sections_.size(); ++i)
            h += QStringLiteral("<tr><td>%1. %2</td><td align=\"right\">%3</td></tr>")
                     .arg(i + 1)
                     .arg(sections_[i].title.toHtmlEscaped())
                     .arg(i < pages.size() ? QString::number(pages[i]) : QStringLiteral("00"));
        h += QStringLiteral("</table>");
    }
    h += QStringLiteral("</nav>\n");
    for (size_t i = 0; i < sections_.size(); ++i) {
        const Section& s = sections_[i];
        h += QStringLiteral("<section id=\"section-%1\">").arg(s.id);
        h += browser ? QStringLiteral("<h2 id=\"%1\">%2. %3</h2>\n").arg(s.id).arg(i + 1).arg(s.title.toHtmlEscaped())
                     // On paper every section starts a page, but the summary shares the first with the contents.
                     : QStringLiteral("<h2%1>%2. %3</h2>\n")
                           .arg(i == 0 ? QString() : QStringLiteral(" style=\"page-break-before: always\""))
                           .arg(i + 1)
                           .arg(s.title.toHtmlEscaped());
        h += resolveImages(s.body, browser);
        h += QStringLiteral("</section>\n");
    }
    h += QStringLiteral("</body></html>\n");
    return h;
}

QString ReportWriter::html() const
{
    return document(true, {});
}

QByteArray ReportWriter::pdf() const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setTitle(title_);
    writer.setCreator(QStringLiteral("YOLO Studio %1").arg(QStringLiteral(YS_VERSION)));
    writer.setResolution(96);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                     QPageLayout::Millimeter));
    const QRect page = writer.pageLayout().paintRectPixels(writer.resolution());
    const double footer = 28;
    const QSizeF body(page.width(), page.height() - footer);

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    QFont font(QStringLiteral("Noto Sans"));
    font.setPointSizeF(9.5);
    doc.setDefaultFont(font);
    doc.setDocumentMargin(0);
    doc.setDefaultStyleSheet(QStringLiteral("th { background-color: #f4f4f4; } .muted { color: #666666; } "
                                            "h1 { font-size: 20pt; } h2 { font-size: 15pt; } h3 { font-size: 11.5pt; }"));
    for (size_t i = 0; i < images_.size(); ++i) {
        // The <img> tag gives the size on paper; a device pixel ratio here would make the layout reserve
        // the image's pixel height around it.
        QImage image = images_[i].image;
        image.setDevicePixelRatio(1.0);
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("report-img:%1").arg(i)), QVariant(image));
    }
    doc.setPageSize(body);

    // Two passes: lay out with placeholder page numbers, find where each section's heading landed, then
    // lay out again with the real numbers (same width, so the same pages).
    std::vector<int> pages;
    for (int pass = 0; pass < 2; ++pass) {
        doc.setHtml(document(false, pages));
        pages.clear();
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
            if (b.blockFormat().headingLevel() == 2)
                pages.push_back(1 + static_cast<int>(doc.documentLayout()->blockBoundingRect(b).top() / body.height()));
    }

    QPainter p(&writer);
    const int count = doc.pageCount();
    QFont small = font;
    small.setPointSizeF(8);
    for (int i = 0; i < count; ++i) {
        if (i > 0)
            writer.newPage();
        p.save();
        p.translate(0, -i * body.height());
        doc.drawContents(&p, QRectF(0, i * body.height(), body.width(), body.height()));
        p.restore();
        p.setFont(small);
        p.setPen(QColor(110, 110, 110));
        p.drawText(QRectF(0, body.height() + 6, body.width(), footer - 6), Qt::AlignLeft | Qt::AlignVCenter,
                   title_);
        p.drawText(QRectF(0, body.height() + 6, body.width(), footer - 6), Qt::AlignRight | Qt::AlignVCenter,
                   tr("Page %1 of %2").arg(i + 1).arg(count));
    }
    p.end();
    return bytes;
}

std::optional<ys::Error> ReportWriter::write(const QString& path, Format format) const
{
    const QByteArray bytes = format == Format::Pdf ? pdf() : html().toUtf8();
    if (bytes.isEmpty())
        return ys::Error{"report.write", "nothing was written", path.toStdString(), 0, 0};
    if (auto err = ys::writeFileAtomic(path.toStdString(), bytes.toStdString())) {
        ys::Error e = *err;
        e.code = "report.write";
        return e;
    }
    return std::nullopt;
}

}  // namespace ys::ui
