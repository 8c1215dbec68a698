#include "ui/report/reportreview.h"

#include "ui/review/reviewtext.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImageReader>
#include <QPainter>

#include <algorithm>
#include <array>
#include <map>

namespace ys::ui {

// The section's words (their translation context).
class ReportReview final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::ReportReview)
};

namespace {

const QColor kLabelColor(0x2e, 0x9e, 0x5e);       // the label file's box (solid), as the review window draws it
const QColor kPredictionColor(0xef, 0x7b, 0x00);  // the model's box (dashed)

QRectF scaled(const ys::ReviewBox& b, const QSizeF& size)
{
    return QRectF(QPointF(b.x1 * size.width(), b.y1 * size.height()),
                  QPointF(b.x2 * size.width(), b.y2 * size.height()));
}

// Count per class and kind, classes with a suspect only, and the total row.
QString countsTable(const ys::ReviewResult& r, const std::function<QString(const QString&)>& esc)
{
    std::map<int, std::array<int, ys::kSuspectKindCount>> perClass;
    std::array<int, ys::kSuspectKindCount> total{};
    for (const ys::Suspect& s : r.suspects) {
        ++perClass[s.cls][static_cast<size_t>(s.kind)];
        ++total[static_cast<size_t>(s.kind)];
    }
    QString h = QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" "
                               "style=\"border-collapse: collapse\"><tr><th align=\"left\">%1</th>")
                    .arg(ReportReview::tr("Class").toHtmlEscaped());
    for (int k = 0; k < ys::kSuspectKindCount; ++k)
        h += QStringLiteral("<th>%1</th>").arg(ReviewText::kind(static_cast<ys::SuspectKind>(k)).toHtmlEscaped());
    h += QStringLiteral("<th>%1</th></tr>").arg(ReportReview::tr("Total").toHtmlEscaped());
    const auto cells = [](const std::array<int, ys::kSuspectKindCount>& n) {
        QString c;
        int sum = 0;
        for (int v : n) {
            c += QStringLiteral("<td align=\"right\">%1</td>").arg(v);
            sum += v;
        }
        return c + QStringLiteral("<td align=\"right\"><b>%1</b></td>").arg(sum);
    };
    for (const auto& [cls, n] : perClass)
        h += QStringLiteral("<tr><td>%1</td>%2</tr>").arg(esc(ReviewText::className(r, cls)), cells(n));
    h += QStringLiteral("<tr><th align=\"left\">%1</th>%2</tr></table>").arg(ReportReview::tr("All classes").toHtmlEscaped(), cells(total));
    return h;
}

constexpr int kThumbnailsPerRow = 3;
constexpr int kThumbnailWidth = 220;  // CSS px: three to a row on an A4 page (680 px)
constexpr int kThumbnailSide = 440;   // drawn at twice the shown size (sharp on paper)

// One suspect: its thumbnail, then rank, file and line, kind, score and the reason.
QString suspectCell(const ys::ReviewResult& r, int i,
                    const std::function<QString(const QImage&, const QString&, int)>& imageTag,
                    const std::function<QString(const QString&)>& esc)
{
    const ys::Suspect& s = r.suspects[static_cast<size_t>(i)];
    const QString file = s.image >= 0 && s.image < static_cast<int>(r.images.size())
                             ? QFileInfo(QString::fromStdString(r.images[static_cast<size_t>(s.image)].image)).fileName()
                             : QString();
    const QString where = s.line > 0 ? ReportReview::tr("%1, line %2").arg(file).arg(s.line) : file;
    const QImage thumb = suspectThumbnail(r, i, kThumbnailSide);
    return QStringLiteral("%1<p class=\"caption muted\"><b>%2.</b> %3<br>%4, %5 %6<br>%7</p>")
        .arg(thumb.isNull() ? QString() : imageTag(thumb, file, kThumbnailWidth), QString::number(i + 1), esc(where),
             ReviewText::kind(s.kind).toHtmlEscaped(), ReportReview::tr("score").toHtmlEscaped(),
             QString::number(s.score, 'f', 2), esc(ReviewText::reason(r, s)));
}

}  // namespace

QImage suspectThumbnail(const ys::ReviewResult& r, int index, int side)
{
    if (index < 0 || index >= static_cast<int>(r.suspects.size()))
        return {};
    const ys::Suspect& s = r.suspects[static_cast<size_t>(index)];
    if (s.image < 0 || s.image >= static_cast<int>(r.images.size()))
        return {};
    const ys::ReviewImage& im = r.images[static_cast<size_t>(s.image)];
    QImageReader reader(QString::fromStdString(im.image));
    reader.setAutoTransform(true);
    const QSize full = reader.size();
    if (full.isValid() && std::max(full.width(), full.height()) > side)
        reader.setScaledSize(full.scaled(side, side, Qt::KeepAspectRatio));
    QImage picture = reader.read();
    if (picture.isNull())
        return {};
    picture = picture.convertToFormat(QImage::Format_RGB32);
    const QSizeF size = picture.size();
    QPainter p(&picture);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(255, 255, 255, 110), 1.0));
    for (const ys::ReviewLabel& l : im.labels)
        if (l.line != s.line || s.kind == ys::SuspectKind::MissingLabel)
            p.drawRect(scaled(l.box, size));
    if (s.kind != ys::SuspectKind::MissingLabel) {
        p.setPen(QPen(kLabelColor, 4.0));  // wider than the model's dashes: both show where they coincide
        p.drawRect(scaled(s.box, size));
    }
    if (s.hasSuggestion) {
        p.setPen(QPen(kPredictionColor, 2.0, Qt::DashLine));
        p.drawRect(scaled(s.suggested, size));
    }
    return picture;
}

QString reviewSectionHtml(const ys::report::ReviewFacts& f,
                          const std::function<QString(const QImage&, const QString&, int)>& imageTag,
                          const std::function<QString(const QString&)>& esc)
{
    if (f.error)
        return QStringLiteral("<p>%1</p>").arg(esc(ReviewText::error(*f.error)));
    if (!f.result)
        return QStringLiteral("<p class=\"muted\"><i>%1</i></p>")
            .arg(ReportReview::tr("No label review was made with this run's model. Review labels with this model on the Runs "
                    "page, or run yolostudio-cli review data=… weights=RUN/weights/best.pt.")
                     .toHtmlEscaped());
    const ys::ReviewResult& r = *f.result;
    QString h = QStringLiteral("<p>%1</p>")
                    .arg(ReportReview::tr("The model %1 disagrees with %n label(s) of %2 (%3), likeliest mistakes first. Each "
                            "thumbnail draws the label's box solid green and the model's box dashed orange.",
                            nullptr, static_cast<int>(r.suspects.size()))
                             .toHtmlEscaped()
                             .arg(esc(QFileInfo(QString::fromStdString(r.weights)).fileName()),
                                  esc(QString::fromStdString(r.dataYaml)), ReviewText::split(r.split).toHtmlEscaped()));
    if (const double share = ys::reviewFoundShare(r); share >= 0 && share < ys::kWeakReviewShare)
        h += QStringLiteral("<p class=\"muted\"><i>%1</i></p>")
                 .arg(ReportReview::tr("The model finds only %1% of the labels, so most of these suspects may be its own "
                                       "mistakes.")
                          .arg(QString::number(100.0 * share, 'f', 0))
                          .toHtmlEscaped());
    if (r.suspects.empty())
        return h;
    h += countsTable(r, esc);
    const int shown = std::min<int>(kReportSuspects, static_cast<int>(r.suspects.size()));
    h += QStringLiteral("<h3>%1</h3>").arg(ReportReview::tr("The %1 likeliest mistakes").arg(shown).toHtmlEscaped());
    // Three to a row (a table: the PDF's QTextDocument lays tables out, not floats).
    h += QStringLiteral("<table class=\"suspects\" cellspacing=\"0\" cellpadding=\"6\">");
    for (int i = 0; i < shown; ++i) {
        if (i % kThumbnailsPerRow == 0)
            h += QStringLiteral("<tr>");
        h += QStringLiteral("<td valign=\"top\" width=\"%1\">%2</td>")
                 .arg(QString::number(kThumbnailWidth), suspectCell(r, i, imageTag, esc));
        if (i % kThumbnailsPerRow == kThumbnailsPerRow - 1 || i == shown - 1)
            h += QStringLiteral("</tr>");
    }
    return h + QStringLiteral("</table>");
}

}  // namespace ys::ui
