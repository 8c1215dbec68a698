// The HTML report in a real browser: Debian's chromium, headless, loads the report of a run whose first
// class is named `<img src=x onerror="document.title='pwned'">` and whose first val image has markup in its
// file name. A small page of the test's own (not the report: the report has no script) looks into it and
// writes what it found into its DOM, which `--dump-dom` prints: the report's title is untouched (the handler
// never ran), the hostile name is text, the report holds only the images the writer made and every one of
// them decoded. The report's Content-Security-Policy (which alone would block the handler) is taken out
// of the copy the browser loads, so this checks the escaping itself.
#include "reportfixture.h"

#include "report/reportdata.h"
#include "ui/report/reportwriter.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

bool writeText(const QString& path, const QString& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) >= 0;
}

const char* kProbe = R"(<!DOCTYPE html><html><head><meta charset="utf-8"><title>probe</title></head><body>
<pre id="out">not loaded</pre>
<iframe id="report" src="report.html" width="1000" height="800"></iframe>
<script>
document.getElementById('report').addEventListener('load', function () {
  var d = this.contentDocument;
  var images = Array.prototype.slice.call(d.images);
  function done() {
    var broken = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); }).length;
    document.getElementById('out').textContent = JSON.stringify({
      title: d.title, images: images.length, broken: broken,
      dataImages: images.filter(function (i) { return i.src.indexOf('data:image/') === 0; }).length,
      scripts: d.scripts.length, text: d.body.innerText.indexOf(HOSTILE) >= 0,
      file: d.body.innerText.indexOf(HOSTILE_FILE) >= 0, sections: d.querySelectorAll('section').length });
  }
  done();   // the frame's load event comes after every image of it has loaded or failed
});
</script></body></html>)";

}  // namespace

class TestReportBrowser : public QObject {
    Q_OBJECT
private slots:
    void hostileNamesStayTextInChromium();
};

void TestReportBrowser::hostileNamesStayTextInChromium()
{
    QString chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
    if (chromium.isEmpty())
        chromium = QStandardPaths::findExecutable(QStringLiteral("chromium-browser"));
    QVERIFY2(!chromium.isEmpty(), "chromium not found: install Debian's chromium (scripts/studio.sh test does)");

    QTemporaryDir dir;
    QString error;
    const QString run = ys::test::trainReportRun(dir.path(), &error);
    QVERIFY2(!run.isEmpty(), qPrintable(error));
    ys::report::ReportOptions o;
    o.samples = 4;
    auto data = ys::report::gatherReport(run.toStdString(), o);
    QVERIFY(data.ok());
    QString html = ys::ui::ReportWriter(*data).html();
    const int cspBefore = html.count(QStringLiteral("Content-Security-Policy"));
    QCOMPARE(cspBefore, 1);
    html.remove(QRegularExpression(QStringLiteral("<meta http-equiv=\"Content-Security-Policy\"[^>]*>")));
    QVERIFY(!html.contains(QStringLiteral("Content-Security-Policy")));
    const int embedded = html.count(QStringLiteral("src=\"data:image/"));
    QVERIFY(embedded >= 12);

    const QString site = QDir(dir.path()).filePath(QStringLiteral("site"));
    QVERIFY(QDir().mkpath(site));
    QVERIFY(writeText(QDir(site).filePath(QStringLiteral("report.html")), html));
    QString probe = QString::fromLatin1(kProbe);
    probe.replace(QStringLiteral("HOSTILE_FILE"), QString::fromLatin1(QJsonDocument(QJsonObject{{QStringLiteral("v"), QStringLiteral("val_<b>&\"%2x.")}}).toJson(QJsonDocument::Compact)).mid(5).chopped(1));
    probe.replace(QStringLiteral("HOSTILE"), QString::fromLatin1(QJsonDocument(QJsonObject{{QStringLiteral("v"), ys::test::kHostileClass}}).toJson(QJsonDocument::Compact)).mid(5).chopped(1));
    QVERIFY(writeText(QDir(site).filePath(QStringLiteral("probe.html")), probe));

    QProcess p;
    p.start(chromium, {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                       QStringLiteral("--no-first-run"), QStringLiteral("--disable-dev-shm-usage"),
                       QStringLiteral("--allow-file-access-from-files"),
                       QStringLiteral("--user-data-dir=") + QDir(dir.path()).filePath(QStringLiteral("profile")),
                       QStringLiteral("--virtual-time-budget=10000"), QStringLiteral("--dump-dom"),
                       QUrl::fromLocalFile(QDir(site).filePath(QStringLiteral("probe.html"))).toString()});
    QVERIFY2(p.waitForFinished(120000), "chromium did not finish");
    const QString dom = QString::fromUtf8(p.readAllStandardOutput());
    const auto m = QRegularExpression(QStringLiteral("<pre id=\"out\">([^<]*)</pre>")).match(dom);
    QVERIFY2(m.hasMatch(), qPrintable(dom.left(500) + QString::fromUtf8(p.readAllStandardError()).right(500)));
    QString json = m.captured(1);
    json.replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">")).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    const QJsonObject r = QJsonDocument::fromJson(json.toUtf8()).object();
    QVERIFY2(!r.isEmpty(), qPrintable(json));
    // The handler did not run: the title is the report's own.
    QVERIFY2(r.value(QStringLiteral("title")).toString() == QStringLiteral("Training report: hostile"), qPrintable(json));
    // The names are text, no image came from them, and every embedded image decoded.
    QVERIFY2(r.value(QStringLiteral("text")).toBool(), qPrintable(json));
    QVERIFY2(r.value(QStringLiteral("file")).toBool(), qPrintable(json));
    QCOMPARE(r.value(QStringLiteral("images")).toInt(), embedded);
    QCOMPARE(r.value(QStringLiteral("dataImages")).toInt(), embedded);
    QCOMPARE(r.value(QStringLiteral("broken")).toInt(), 0);
    QCOMPARE(r.value(QStringLiteral("scripts")).toInt(), 0);
    QCOMPARE(r.value(QStringLiteral("sections")).toInt(), int(ys::ui::ReportWriter::sectionIds().size()));
}

QTEST_MAIN(TestReportBrowser)
#include "test_report_browser.moc"
