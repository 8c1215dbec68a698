// yolostudio-report: what `yolostudio-cli report` runs (cli/cmd_report.cpp starts it in its place). The report's
// layout and charts are the GUI's (ui/report, QCustomPlot widgets), so this program links Qt Widgets and runs a
// QApplication on the offscreen platform, needing no display; yolostudio-cli itself links no Qt.
#include "cli/args.h"

#include "report/reportdata.h"
#include "ui/report/reportwriter.h"
#include "ui/shell/language.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ys::cli {
namespace {

constexpr const char* kReportHelp =
    "usage: yolostudio-cli report run=DIR [format=html|pdf] [out=FILE] [samples=8] [device=cpu]\n"
    "                             [language=en|zh_CN]\n"
    "\n"
    "Writes the training report of a run folder (YOLO Studio's or Ultralytics'; finished, stopped,\n"
    "interrupted, failed or still running): summary, environment, dataset and its label check, settings\n"
    "(changed ones highlighted), memory and the fit, training curves, per-class results, precision-recall\n"
    "curves, confusion matrix and validation images with labels and predictions side by side.\n"
    "HTML is one self-contained file (no script, nothing loaded from the network); PDF is paginated with a\n"
    "table of contents. Needs no display.\n"
    "\n"
    "  run=DIR          the run folder (required), e.g. runs/exp3\n"
    "  format=html      html or pdf (default: from out's extension, else html)\n"
    "  out=FILE         where to write (default: DIR/report.html or DIR/report.pdf)\n"
    "  samples=8        validation images predicted with the run's weights (0 = none)\n"
    "  device=cpu       device for those predictions\n"
    "  language=        report language: en or zh_CN (default: the studio's language setting, else the\n"
    "                   system locale)\n"
    "\n"
    "Exit status: 0 when the report was written, 2 for bad arguments or a folder that is no run,\n"
    "1 when writing failed; the reason is printed on stderr.\n";

int writeReport(const Args& args)
{
    if (auto exit = checkArguments(args, {.help = kReportHelp,
                                          .known = {"run", "format", "out", "samples", "device", "language"},
                                          .required = {{"run", "no run folder given: set run=DIR"}}}))
        return *exit;
    const std::string run = args.str("run");
    const auto samples = args.integer("samples", 8);
    if (!samples)
        return kExitUsage;
    if (*samples < 0 || *samples > 64) {
        std::fprintf(stderr, "error: samples must be 0..64\n");
        return kExitUsage;
    }
    using Format = ys::ui::ReportWriter::Format;
    std::optional<Format> format;
    if (args.has("format")) {
        const std::string f = args.str("format");
        if (f == "html")
            format = Format::Html;
        else if (f == "pdf")
            format = Format::Pdf;
        else {
            std::fprintf(stderr, "error: format must be html or pdf, not '%s'\n", f.c_str());
            return kExitUsage;
        }
    }
    QString out = QString::fromStdString(args.str("out"));
    if (!out.isEmpty()) {
        const auto byName = ys::ui::ReportWriter::formatForPath(out);
        if (format && byName && *byName != *format) {
            std::fprintf(stderr, "error: out=%s does not match format=%s\n", out.toLocal8Bit().constData(),
                         args.str("format").c_str());
            return kExitUsage;
        }
        if (!format)
            format = byName.value_or(Format::Html);
    }
    if (!format)
        format = Format::Html;
    if (out.isEmpty())
        out = QDir(QString::fromStdString(run)).filePath(*format == Format::Pdf ? QStringLiteral("report.pdf")
                                                                                : QStringLiteral("report.html"));

    // Charts are widgets: a QApplication on the offscreen platform draws them without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "yolostudio-cli";
    static char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("ys.*.info=false\nys.*.debug=false"));   // stdout/stderr stay the CLI's
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudio"));
    QCoreApplication::setApplicationName(QStringLiteral("yolostudio"));
    QString language = QString::fromStdString(args.str("language"));
    if (language.isEmpty())
        language = ys::ui::preferredLanguage();
    if (!ys::ui::availableLanguages().contains(language)) {
        std::fprintf(stderr, "error: language must be one of %s\n",
                     ys::ui::availableLanguages().join(QStringLiteral(", ")).toLocal8Bit().constData());
        return kExitUsage;
    }
    ys::ui::installTranslators(language);

    ys::report::ReportOptions options;
    options.samples = *samples;
    options.device = args.str("device", "cpu");
    options.progress = terminalProgress();
    auto data = ys::report::gatherReport(run, options);
    if (!data)
        return reportError(data.error());
    const ys::ui::ReportWriter writer(*data);
    if (auto err = writer.write(out, *format))
        return reportError(*err);
    std::printf("report written: %s\n", QFileInfo(out).absoluteFilePath().toLocal8Bit().constData());
    return kExitOk;
}

}  // namespace
}  // namespace ys::cli

// Arguments as yolostudio-cli's: `yolostudio-report report run=DIR ...`.
int main(int argc, char** argv)
{
    return ys::cli::runCommand(ys::cli::writeReport, ys::cli::parseArgs(argc, argv));
}
