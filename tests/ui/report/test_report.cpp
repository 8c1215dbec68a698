// The training report (ui/report + core/report) of a real two-epoch run: every section in both formats, the
// PDF read back with poppler (pages, text, images), escaping of a hostile class and file name, the run's end
// (stopped, interrupted, failed) said in the summary, the report in Chinese, `yolostudio-cli report`, and
// Export report…'s progress box closing when the export ends (written, failed or cancelled).
#include "reportfixture.h"

#include "report/reportdata.h"
#include "review/review.h"
#include "ui/report/reportexporter.h"
#include "ui/report/reportimages.h"
#include "ui/report/reportreview.h"
#include "ui/report/reportwriter.h"
#include "ui/shell/language.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using ys::ui::ReportWriter;

namespace {

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Runs a poppler tool; fails the test when it is missing (scripts/studio.sh installs poppler-utils).
QString poppler(const QString& tool, const QStringList& args)
{
    const QString exe = QStandardPaths::findExecutable(tool);
    if (exe.isEmpty()) {
        qWarning("%s not found: install poppler-utils (scripts/studio.sh test does)", qPrintable(tool));
        return {};
    }
    QProcess p;
    p.start(exe, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    // Qt's PDF output keeps the font's ligatures; pdftotext gives them back as one character.
    return QString::fromUtf8(p.readAllStandardOutput())
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"));
}

// Progress boxes on screen now (the exporter's is a child window of the page).
int visibleProgressBoxes()
{
    int n = 0;
    for (QWidget* w : QApplication::allWidgets())
        n += qobject_cast<QProgressDialog*>(w) && w->isVisible();
    return n;
}

}  // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void gathersEveryPart();
    void htmlHasEverySectionAndIsSelfContained();
    void htmlEscapesDatasetStrings();
    void pdfHasPagesTextAndImages();
    void summarySaysHowTheRunEnded_data();
    void summarySaysHowTheRunEnded();
    void missingDatasetStillGivesAReport();
    void reportInChinese();
    void picturesForManyClasses();
    void cliWritesBothFormats();
    void cliRejectsBadInput();
    void cliWithoutTheReportWriterSaysSo();
    void exportClosesItsProgressBox();
    void reviewSectionShowsTheRunsReview();

private:
    QTemporaryDir dir_;
    QString run_;
    std::optional<ys::report::ReportData> data_;
};

void TestReport::initTestCase()
{
    QVERIFY(dir_.isValid());
    QString error;
    run_ = ys::test::trainReportRun(dir_.path(), &error);
    QVERIFY2(!run_.isEmpty(), qPrintable(error));
    ys::report::ReportOptions o;
    o.samples = 4;
    auto d = ys::report::gatherReport(run_.toStdString(), o);
    QVERIFY2(d.ok(), d.ok() ? "" : d.error().toString().c_str());
    data_ = std::move(*d);
}

void TestReport::gathersEveryPart()
{
    const auto& d = *data_;
    QCOMPARE(d.run.status, ys::RunStatus::Finished);
    QCOMPARE(d.run.rows.size(), size_t(2));
    QVERIFY(d.run.environment.has_value());
    QVERIFY(!d.reportMachine);   // recorded by the run: the report machine is not asked
    QVERIFY(d.dataset.dataset.has_value());
    QCOMPARE(d.dataset.classBoxes.size(), size_t(5));
    QVERIFY(d.check.present && !d.check.error);
    QCOMPARE(d.check.excluded.size(), size_t(1));   // the cut image, as check.json lists it
    QVERIFY(QString::fromStdString(d.check.excluded[0].image).endsWith(ys::test::kCutImage));
    QCOMPARE(d.check.excluded[0].code, std::string("image.truncated"));
    QVERIFY(!d.memory.phases.empty());
    QVERIFY(d.memory.peak > 0);
    QCOMPARE(QString::fromStdString(d.classNames.at(0)), ys::test::kHostileClass);
    // Every val image (4 < samples) predicted with best.pt, boxes inside the picture.
    QVERIFY2(!d.samples.error, d.samples.error ? d.samples.error->toString().c_str() : "");
    QCOMPARE(d.samples.samples.size(), size_t(4));
    QVERIFY(QString::fromStdString(d.samples.weights).endsWith(QStringLiteral("best.pt")));
    for (const auto& s : d.samples.samples) {
        QVERIFY(s.picture.width > 0 && s.picture.pixels.size() == size_t(3 * s.picture.width * s.picture.height));
        for (const auto& g : s.truth)
            QVERIFY(g.x1 >= -0.5f && g.x2 <= s.picture.width + 0.5f && g.y2 <= s.picture.height + 0.5f);
    }
    // The trainer stores each class's PR curve in metrics.json (a two-epoch model may have no detections, so
    // the key is checked, not the values: test_metrics and test_reader check those).
    QVERIFY(d.run.metrics.has_value());
    QCOMPARE(readText(QDir(run_).filePath(QStringLiteral("metrics.json"))).count(QStringLiteral("\"pr50\":")),
             int(d.run.metrics->metrics.perClass.size()));
}

void TestReport::htmlHasEverySectionAndIsSelfContained()
{
    const ReportWriter writer(*data_);
    const QString html = writer.html();
    for (const QString& id : ReportWriter::sectionIds())
        QVERIFY2(html.contains(QStringLiteral("id=\"%1\"").arg(id)), qPrintable(id));
    for (const QString& title : ReportWriter::sectionTitles())
        QVERIFY2(html.contains(title), qPrintable(title));
    // Facts from each part of the run.
    QVERIFY(html.contains(QStringLiteral("LibTorch")));
    QVERIFY(html.contains(QString::fromStdString(data_->run.environment->libtorch)));
    // A one-process run has no world to show; a data-parallel run's environment lists it.
    QVERIFY(!html.contains(QStringLiteral("Data parallel")));
    {
        ys::report::ReportData dp = *data_;
        dp.run.environment->world.size = 2;
        dp.run.environment->world.backend = "gloo";
        dp.run.environment->world.launcher = "torchrun";
        dp.run.environment->world.devices = {"cpu", "cpu"};
        const QString world = ReportWriter(dp).html();
        QVERIFY(world.contains(QStringLiteral("<th align=\"left\">Data parallel</th><td>2 processes on one machine, gloo, started by "
                                              "torchrun</td>")));
        QVERIFY(world.contains(QStringLiteral("rank 0: cpu, rank 1: cpu")));
        dp.run.environment->world.syncBatchNorm = true;
        QVERIFY(ReportWriter(dp).html().contains(QStringLiteral("2 processes on one machine, gloo, synchronised BatchNorm, started by torchrun")));
    }
    QVERIFY(html.contains(QStringLiteral("class=\"changed\"")));    // changed settings highlighted
    QVERIFY(html.contains(QStringLiteral("<code>epochs</code>")));
    QVERIFY(html.contains(QStringLiteral("mAP50-95")));
    QVERIFY(html.contains(QStringLiteral("None: training never ran out of memory.")));
    QVERIFY(html.contains(QStringLiteral("Images left out of training")));
    QVERIFY(html.contains(QStringLiteral("The label check kept 1 image")));
    QVERIFY(html.contains(QStringLiteral("1 × Truncated image")));
    QVERIFY(html.contains(ys::test::kCutImage.toHtmlEscaped()));
    // Self-contained: no script, every image inline, nothing fetched.
    QVERIFY(!html.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
    const QRegularExpression src(QStringLiteral("\\ssrc=\"([^\"]*)\""));
    int images = 0;
    for (auto it = src.globalMatch(html); it.hasNext();) {
        const QString s = it.next().captured(1);
        QVERIFY2(s.startsWith(QStringLiteral("data:image/")), qPrintable(s.left(60)));
        ++images;
    }
    // Class plot, box sizes, memory, 3 curves, PR curves, confusion matrix, 4 validation pairs.
    QVERIFY2(images >= 12, qPrintable(QString::number(images)));
    QVERIFY(!html.contains(QStringLiteral("http://")) && !html.contains(QStringLiteral("https://")));
    QVERIFY(html.contains(QStringLiteral("Content-Security-Policy")));
}

void TestReport::htmlEscapesDatasetStrings()
{
    const QString html = ReportWriter(*data_).html();
    QVERIFY(!html.contains(ys::test::kHostileClass));
    QVERIFY(!html.contains(QStringLiteral("<img src=x")));
    QVERIFY(html.contains(ys::test::kHostileClass.toHtmlEscaped()));
    QVERIFY(!html.contains(QStringLiteral("<b>&")));
    QVERIFY(html.contains(QStringLiteral("val_&lt;b&gt;&amp;&quot;%2x.")));
    // Every <img> is one the writer made (one per embedded image, none from a name).
    QCOMPARE(html.count(QStringLiteral("<img ")), html.count(QStringLiteral("src=\"data:image/")));
}

void TestReport::pdfHasPagesTextAndImages()
{
    const QString pdf = QDir(dir_.path()).filePath(QStringLiteral("report.pdf"));
    QVERIFY(!ReportWriter(*data_).write(pdf, ReportWriter::Format::Pdf));
    QVERIFY(readText(pdf).startsWith(QStringLiteral("%PDF-")));
    const QString info = poppler(QStringLiteral("pdfinfo"), {pdf});
    QVERIFY2(!info.isEmpty(), "pdfinfo failed");
    const auto pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    QVERIFY(pages.hasMatch());
    // Contents with the summary, then a page per section at least.
    QVERIFY2(pages.captured(1).toInt() >= ReportWriter::sectionIds().size(), qPrintable(info));
    QVERIFY(info.contains(QStringLiteral("Training report: hostile")));
    const QString text = poppler(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    for (const QString& title : ReportWriter::sectionTitles())
        QVERIFY2(text.contains(title), qPrintable(title));
    QVERIFY(text.contains(QStringLiteral("Contents")));
    QVERIFY(text.contains(QStringLiteral("Page 1 of ")));
    // The hostile class name is text on paper too.
    QVERIFY2(text.contains(ys::test::kHostileClass), qPrintable(text.left(400)));
    // The contents give each section's page: the confusion matrix's page holds its heading.
    const auto toc = QRegularExpression(QStringLiteral("9\\. %1\\s+(\\d+)").arg(ReportWriter::sectionTitles()[8])).match(text);
    QVERIFY2(toc.hasMatch(), qPrintable(text.left(1500)));
    const QString page = poppler(QStringLiteral("pdftotext"), {QStringLiteral("-f"), toc.captured(1), QStringLiteral("-l"),
                                                               toc.captured(1), pdf, QStringLiteral("-")});
    QVERIFY2(page.contains(QStringLiteral("9. ") + ReportWriter::sectionTitles()[8]), qPrintable(page.left(300)));
    const QString images = poppler(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf});
    QVERIFY2(images.count(QLatin1Char('\n')) - 2 >= 12, qPrintable(images));
}

void TestReport::summarySaysHowTheRunEnded_data()
{
    QTest::addColumn<QString>("lastEvent");
    QTest::addColumn<QString>("says");
    QTest::newRow("stopped") << QStringLiteral("{\"kind\":\"stopped\",\"epoch\":2,\"batch\":1,\"time\":2,\"message\":\"stopped by the user during epoch 2\"}")
                             << QStringLiteral("stopped by the user");
    QTest::newRow("interrupted") << QString() << QStringLiteral("was interrupted");
    QTest::newRow("failed") << QStringLiteral("{\"kind\":\"error\",\"epoch\":2,\"batch\":0,\"time\":2,\"message\":\"disk <full> & gone\"}")
                            << QStringLiteral("The run failed");
}

void TestReport::summarySaysHowTheRunEnded()
{
    QFETCH(QString, lastEvent);
    QFETCH(QString, says);
    // A copy of the run whose last session ends differently: without its "finish" line.
    QTemporaryDir copy;
    const QString dst = QDir(copy.path()).filePath(QStringLiteral("ended"));
    QVERIFY(QDir().mkpath(dst + QStringLiteral("/weights")));
    for (const QString& f : QDir(run_).entryList(QDir::Files))
        QVERIFY(QFile::copy(QDir(run_).filePath(f), QDir(dst).filePath(f)));
    QStringList lines = readText(QDir(dst).filePath(QStringLiteral("events.jsonl"))).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.last().contains(QStringLiteral("\"finish\"")));
    lines.removeLast();
    if (!lastEvent.isEmpty())
        lines << lastEvent;
    QFile ev(QDir(dst).filePath(QStringLiteral("events.jsonl")));
    QVERIFY(ev.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ev.write((lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    ev.close();
    ys::report::ReportOptions o;
    o.samples = 0;
    auto d = ys::report::gatherReport(dst.toStdString(), o);
    QVERIFY(d.ok());
    const QString html = ReportWriter(*d).html();
    QVERIFY2(html.contains(says), qPrintable(html.mid(html.indexOf(QStringLiteral("banner")), 400)));
    if (QTest::currentDataTag() == QLatin1String("failed"))
        QVERIFY(html.contains(QStringLiteral("disk &lt;full&gt; &amp; gone")));
    // No weights: the grid says why instead of failing the report.
    QVERIFY(html.contains(QStringLiteral("id=\"samples\"")));
}

void TestReport::missingDatasetStillGivesAReport()
{
    QTemporaryDir copy;
    const QString dst = QDir(copy.path()).filePath(QStringLiteral("moved"));
    QVERIFY(QDir().mkpath(dst));
    for (const QString& f : QDir(run_).entryList(QDir::Files))
        QVERIFY(QFile::copy(QDir(run_).filePath(f), QDir(dst).filePath(f)));
    QString args = readText(QDir(dst).filePath(QStringLiteral("args.yaml")));
    args.replace(QRegularExpression(QStringLiteral("data: [^\\n]*")), QStringLiteral("data: \"/nonexistent/data.yaml\""));
    QFile a(QDir(dst).filePath(QStringLiteral("args.yaml")));
    QVERIFY(a.open(QIODevice::WriteOnly | QIODevice::Truncate));
    a.write(args.toUtf8());
    a.close();
    // An older run: no environment.json either, so the report describes its own machine, saying so.
    QVERIFY(QFile::remove(QDir(dst).filePath(QStringLiteral("environment.json"))));
    auto d = ys::report::gatherReport(dst.toStdString());
    QVERIFY(d.ok());
    QVERIFY(!d->run.environment && d->reportMachine && d->reportMachine->cpuCores > 0);
    QVERIFY(!d->dataset.dataset && d->dataset.error);
    QVERIFY(d->samples.error.has_value());
    const QString html = ReportWriter(*d).html();
    QVERIFY(html.contains(QStringLiteral("The dataset could not be read now")));
    QVERIFY(html.contains(QStringLiteral("did not record the machine it trained on")));
    QVERIFY(html.contains(QString::fromStdString(d->reportMachine->libtorch)));
    QVERIFY(html.contains(QStringLiteral("/nonexistent/data.yaml")));
    for (const QString& id : ReportWriter::sectionIds())
        QVERIFY(html.contains(QStringLiteral("id=\"%1\"").arg(id)));
}

void TestReport::reportInChinese()
{
    QVERIFY(ys::ui::installTranslators(QStringLiteral("zh_CN")));
    const QString html = ReportWriter(*data_).html();
    ys::ui::installTranslators(QStringLiteral("en"));
    QVERIFY(html.contains(QStringLiteral("lang=\"zh-CN\"")));
    QVERIFY2(html.contains(QStringLiteral("训练报告")), qPrintable(html.left(600)));
    QVERIFY(html.contains(QStringLiteral("混淆矩阵")));
    QVERIFY(!html.contains(QStringLiteral(">Confusion matrix<")));
    // Numbers and file names untouched.
    QVERIFY(html.contains(QString::fromStdString(data_->run.environment->libtorch)));
    QVERIFY(html.contains(QStringLiteral("<code>epochs</code>")));
}

void TestReport::picturesForManyClasses()
{
    // 80 classes (COCO): grey PR lines with the mean in colour, a confusion matrix that still fits a page.
    std::vector<ys::ClassMetrics> classes(80);
    QStringList names;
    for (int c = 0; c < 80; ++c) {
        classes[size_t(c)].cls = c;
        classes[size_t(c)].ap50 = c / 100.0;
        classes[size_t(c)].pr50.assign(ys::kPrCurvePoints, c / 80.0);
        names << QStringLiteral("class %1").arg(c);
    }
    classes[3].pr50.clear();   // no detections: no line, counts as 0 in the mean
    const QImage pr = ys::ui::prCurveImage(classes, names, QSize(900, 420), 1.0);
    QCOMPARE(pr.size(), QSize(900, 420));
    std::vector<std::vector<int64_t>> confusion(81, std::vector<int64_t>(81, 0));
    for (int i = 0; i < 81; ++i)
        confusion[size_t(i)][size_t(i)] = i;
    const QImage cm = ys::ui::confusionMatrixImage(confusion, names, QStringLiteral("background"), 1.0);
    QVERIFY(!cm.isNull());
    QVERIFY2(cm.width() <= 1000 && cm.height() <= 1000, qPrintable(QStringLiteral("%1x%2").arg(cm.width()).arg(cm.height())));
    // Nothing to draw: no image (the section says so instead).
    QVERIFY(ys::ui::confusionMatrixImage({}, names, QStringLiteral("background")).isNull());
    QVERIFY(ys::ui::prCurveImage({}, names, QSize(900, 420)).isNull());
}

void TestReport::cliWritesBothFormats()
{
    for (const QString& format : {QStringLiteral("html"), QStringLiteral("pdf")}) {
        const QString out = QDir(dir_.path()).filePath(QStringLiteral("cli.") + format);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));   // the command needs no display by itself
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(YS_CLI_PATH), {QStringLiteral("report"), QStringLiteral("run=") + run_,
                                             QStringLiteral("out=") + out, QStringLiteral("samples=2"),
                                             QStringLiteral("language=en")});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains(QStringLiteral("report written: ")));
        const QString head = readText(out).left(20);
        QVERIFY2(format == QLatin1String("pdf") ? head.startsWith(QStringLiteral("%PDF-")) : head.startsWith(QStringLiteral("<!DOCTYPE html>")),
                 qPrintable(head));
    }
    // The default: the run folder's report.html.
    QProcess p;
    p.start(QStringLiteral(YS_CLI_PATH), {QStringLiteral("report"), QStringLiteral("run=") + run_, QStringLiteral("samples=0")});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QFile::exists(QDir(run_).filePath(QStringLiteral("report.html"))));
    QFile::remove(QDir(run_).filePath(QStringLiteral("report.html")));
}

void TestReport::cliRejectsBadInput()
{
    struct Case {
        QStringList args;
        QString says;
    };
    const Case cases[] = {
        {{QStringLiteral("report")}, QStringLiteral("set run=DIR")},
        {{QStringLiteral("report"), QStringLiteral("run=") + dir_.path() + QStringLiteral("/none")}, QStringLiteral("none")},
        {{QStringLiteral("report"), QStringLiteral("run=") + dir_.path() + QStringLiteral("/images")}, QStringLiteral("not a training run")},
        {{QStringLiteral("report"), QStringLiteral("run=") + run_, QStringLiteral("format=docx")}, QStringLiteral("format must be html or pdf")},
        {{QStringLiteral("report"), QStringLiteral("run=") + run_, QStringLiteral("format=pdf"), QStringLiteral("out=a.html")},
         QStringLiteral("does not match")},
        {{QStringLiteral("report"), QStringLiteral("run=") + run_, QStringLiteral("language=fr")}, QStringLiteral("language must be")},
        {{QStringLiteral("report"), QStringLiteral("run=") + run_, QStringLiteral("colour=red")}, QStringLiteral("unknown argument")},
    };
    for (const Case& c : cases) {
        QProcess p;
        p.start(QStringLiteral(YS_CLI_PATH), c.args);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 2, qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(": ") + err));
        QVERIFY2(err.contains(c.says), qPrintable(err));
        QVERIFY(!err.contains(QStringLiteral("frame #")));
    }
    // `yolostudio-cli help report` reaches the report writer's help.
    QProcess help;
    help.start(QStringLiteral(YS_CLI_PATH), {QStringLiteral("help"), QStringLiteral("report")});
    QVERIFY(help.waitForFinished(60000));
    QCOMPARE(help.exitCode(), 0);
    QVERIFY(help.readAllStandardOutput().contains("usage: yolostudio-cli report run=DIR"));
}

// The CLI links no Qt; its report command runs yolostudio-report from beside it (the build tree) or from the
// private library folder (installed). A CLI with neither says so in one line.
void TestReport::cliWithoutTheReportWriterSaysSo()
{
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QString cli = QDir(bin.path()).filePath(QStringLiteral("yolostudio-cli"));
    QVERIFY(QFile::copy(QStringLiteral(YS_CLI_PATH), cli));
    QProcess p;
    p.start(cli, {QStringLiteral("report"), QStringLiteral("run=") + run_});
    QVERIFY(p.waitForFinished(60000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(err.contains(QStringLiteral("the report writer is not installed")), qPrintable(err));
    QVERIFY2(err.contains(QDir(bin.path()).filePath(QStringLiteral("yolostudio-report"))), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY(!QFile::exists(QDir(run_).filePath(QStringLiteral("report.html"))));
}

void TestReport::exportClosesItsProgressBox()
{
    QWidget page;
    page.resize(800, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTemporaryDir out;
    ys::ui::ReportExporter exporter(&page);
    QSignalSpy exported(&exporter, &ys::ui::ReportExporter::exported);
    QSignalSpy failed(&exporter, &ys::ui::ReportExporter::failed);
    // What is on screen when the exporter says it is done (the message box the studio shows then).
    int boxesAtEnd = -1;
    auto atEnd = [&] { boxesAtEnd = visibleProgressBoxes() + (exporter.progressDialog() ? 1 : 0); };
    connect(&exporter, &ys::ui::ReportExporter::exported, this, atEnd);
    connect(&exporter, &ys::ui::ReportExporter::failed, this, atEnd);

    // Written: the box (shown as it is after its minimum duration) is gone before "written" is said.
    const QString html = QDir(out.path()).filePath(QStringLiteral("r.html"));
    exporter.exportTo(run_, html);
    QVERIFY(exporter.progressDialog());
    exporter.progressDialog()->show();
    QCOMPARE(visibleProgressBoxes(), 1);
    QVERIFY(QTest::qWaitFor([&] { return !exported.isEmpty() || !failed.isEmpty(); }, 120000));
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(boxesAtEnd, 0);
    QVERIFY(QFile::exists(html));

    // Failed (a folder that is no run): gone before the message.
    boxesAtEnd = -1;
    exporter.exportTo(out.path(), QDir(out.path()).filePath(QStringLiteral("none.html")));
    exporter.progressDialog()->show();
    QVERIFY(!failed.isEmpty() || failed.wait(60000));
    QCOMPARE(boxesAtEnd, 0);

    // Cancelled (its Cancel button): gone when the export ends, whichever way it ended.
    exporter.exportTo(run_, QDir(out.path()).filePath(QStringLiteral("c.html")));
    QProgressDialog* box = exporter.progressDialog();
    box->show();
    box->cancel();
    QVERIFY(QTest::qWaitFor([&] { return !exporter.busy(); }, 120000));
    QVERIFY(!exporter.progressDialog());
    QCOMPARE(visibleProgressBoxes(), 0);
}

QTEST_MAIN(TestReport)
// The run's review.json (issue 28) read with the run, and its section: the count per class and kind, the 12
// likeliest suspects with thumbnails drawn on the dataset's images, names escaped.
void TestReport::reviewSectionShowsTheRunsReview()
{
    QVERIFY(data_->dataset.dataset.has_value());
    ys::ReviewResult r;
    r.dataYaml = data_->dataset.dataset->spec.yamlPath;
    r.root = data_->dataset.dataset->spec.root;
    r.weights = data_->samples.weights;
    r.names = {ys::test::kHostileClass.toStdString(), "square"};
    for (const ys::ImageRecord& im : data_->dataset.dataset->images)
        if (r.images.size() < 8) {
            ys::ReviewImage ri;
            ri.image = im.image;
            ri.labelFile = im.label;
            ri.labels = {ys::ReviewLabel{0, ys::ReviewBox{0.1f, 0.1f, 0.4f, 0.4f}, 1}};
            r.images.push_back(ri);
        }
    const ys::SuspectKind kinds[] = {ys::SuspectKind::MissingLabel, ys::SuspectKind::WrongClass,
                                     ys::SuspectKind::PoorBox, ys::SuspectKind::SpuriousLabel};
    for (int i = 0; i < 14; ++i) {   // 14 suspects: 4 of class 1, the rest of class 0
        ys::Suspect s;
        s.kind = kinds[i % 4];
        s.image = i % static_cast<int>(r.images.size());
        s.line = s.kind == ys::SuspectKind::MissingLabel ? 0 : 1;
        s.cls = i < 4 ? 1 : 0;
        s.predictedCls = s.kind == ys::SuspectKind::SpuriousLabel ? -1 : 1 - s.cls;
        s.box = ys::ReviewBox{0.1f, 0.1f, 0.4f, 0.4f};
        s.hasSuggestion = s.kind != ys::SuspectKind::SpuriousLabel;
        s.suggested = ys::ReviewBox{0.2f, 0.15f, 0.5f, 0.45f};
        s.score = 1.0 - i * 0.05;
        s.conf = 0.8;
        s.iou = 0.4;
        r.suspects.push_back(s);
    }
    // Gathered with the run: saved where the CLI and the Runs page keep it, read back by gatherReport's part.
    QVERIFY(!ys::saveReview(r, QDir(run_).filePath(QStringLiteral("review.json")).toStdString()));
    const ys::report::ReviewFacts facts = ys::report::readReview(run_.toStdString());
    QVERIFY2(!facts.error, facts.error ? facts.error->toString().c_str() : "");
    QVERIFY(facts.result.has_value());
    QCOMPARE(facts.result->suspects.size(), size_t(14));
    QVERIFY(!ys::report::readReview(dir_.path().toStdString()).result);   // no review.json: no section data

    const QImage thumb = ys::ui::suspectThumbnail(r, 1, 320);
    QVERIFY(!thumb.isNull());
    QVERIFY(std::max(thumb.width(), thumb.height()) <= 320);

    ys::report::ReportData d = *data_;
    const QString without = ReportWriter(d).html();
    QVERIFY(without.contains(QStringLiteral("No label review was made")));
    d.review = facts;
    const QString html = ReportWriter(d).html();
    const int at = html.indexOf(QStringLiteral("id=\"review\""));
    QVERIFY(at > 0);
    const QString section = html.mid(at);
    QVERIFY(section.contains(QStringLiteral("disagrees with 14 label")));
    QVERIFY(section.contains(QStringLiteral("The 12 likeliest mistakes")));
    QCOMPARE(section.count(QStringLiteral("<img ")), 12);
    // Class 0 (the hostile name, escaped): 10 suspects (3 missing, 3 wrong class, 2 poor, 2 spurious); the total
    // row counts all 14.
    QVERIFY(!section.contains(ys::test::kHostileClass));
    QVERIFY2(section.contains(QStringLiteral("<tr><td>%1</td><td align=\"right\">3</td><td align=\"right\">3</td>"
                                             "<td align=\"right\">2</td><td align=\"right\">2</td><td align=\"right\"><b>10</b>")
                                  .arg(ys::test::kHostileClass.toHtmlEscaped())),
             qPrintable(section.left(3000)));
    QVERIFY(section.contains(QStringLiteral("<td align=\"right\"><b>14</b></td></tr></table>")));
    QVERIFY(section.contains(QStringLiteral("Wrong class")));
    // A model that finds few labels is said to be weak beside its suspects.
    QVERIFY(!section.contains(QStringLiteral("finds only")));
    ys::report::ReportData weak = d;
    weak.review.result->calibration = {ys::ClassCalibration{0, 10, 2}};
    QVERIFY(ReportWriter(weak).html().contains(QStringLiteral("finds only 20% of the labels")));
    // A damaged review.json is said in the section, not an empty report.
    QFile bad(QDir(run_).filePath(QStringLiteral("review.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate) && bad.write("{ nope") > 0);
    bad.close();
    d.review = ys::report::readReview(run_.toStdString());
    QVERIFY(d.review.error.has_value());
    QVERIFY(ReportWriter(d).html().contains(QStringLiteral("review.json")));
    QVERIFY(QFile::remove(QDir(run_).filePath(QStringLiteral("review.json"))));
}

#include "test_report.moc"
