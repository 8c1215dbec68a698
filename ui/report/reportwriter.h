#pragma once
// The training report: a ReportData (core/report/reportdata.h) laid out as one self-contained HTML file
// (every image and chart embedded as a data: URI, no script, no link to the network; opens offline in any
// browser) or as a paginated PDF with a table of contents and page numbers (Qt's PDF output via
// QTextDocument). Both carry the same sections, in the UI's language, with the charts drawn by the code the
// dashboard draws with (ui/train/dashboard.h, ui/charts) and the dataset plots of the dataset page.
//
// Every string that came from the run, its dataset or a file (class names, paths, messages, settings) is
// HTML-escaped, and control characters are dropped, before it goes into the markup.
//
// GUI thread only (charts are widgets, also offscreen): the CLI creates a QApplication on the offscreen
// platform. Building the writer renders every chart once (~1 s for a small run); html() and write() reuse
// them.

#include "common/error.h"
#include "report/reportdata.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace ys::ui {

class Dashboard;

class ReportWriter final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::ReportWriter)
public:
    enum class Format { Html, Pdf };

    // The sections in order; ids are the HTML anchors ("summary", "environment", "dataset", "settings",
    // "memory", "curves", "classes", "pr-curves", "confusion", "samples").
    static QStringList sectionIds();

    explicit ReportWriter(const ys::report::ReportData& data);
    ~ReportWriter();
    ReportWriter(const ReportWriter&) = delete;
    ReportWriter& operator=(const ReportWriter&) = delete;

    // The browser document.
    QString html() const;
    // Writes the report atomically (temp file + rename). Error "report.write" naming `path`.
    std::optional<ys::Error> write(const QString& path, Format format) const;

    // The format a file name asks for (".html"/".htm" or ".pdf"); nullopt for anything else.
    static std::optional<Format> formatForPath(const QString& path);
    // "<run name>-report.html" / ".pdf" ("run-report…" for an empty name).
    static QString defaultFileName(QString runName, Format format);
    // Section titles in the UI's language, in sectionIds() order.
    static QStringList sectionTitles();

private:
    struct Image {
        QImage image;
        QString alt;
        int width = 0;        // display width in CSS pixels
        bool photo = false;   // JPEG instead of PNG
    };
    struct Section {
        QString id, title, body;   // body: markup with image placeholders (see imageTag)
    };

    QString imageTag(const QImage& image, const QString& alt, int width, bool photo = false);
    QString resolveImages(const QString& body, bool dataUris) const;
    QString document(bool browser, const std::vector<int>& pages) const;
    QByteArray pdf() const;

    void buildSummary();
    QString exportsHtml() const;
    void buildEnvironment();
    void buildDataset();
    void buildSettings();
    void buildMemory(Dashboard& dash);
    void buildCurves(Dashboard& dash);
    void buildClasses();
    void buildPrCurves();
    void buildConfusion();
    void buildSamples();

    QStringList classNames() const;

    const ys::report::ReportData& d_;
    std::vector<Image> images_;
    std::vector<Section> sections_;
    QString title_;
};

}  // namespace ys::ui
