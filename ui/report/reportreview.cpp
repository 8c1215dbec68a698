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
        p.setPen(QPen(kLabelColor, 2.5));
        p.drawRect(scaled(s.box, size));
    }
    if (s.hasSuggestion) {
        p.setPen(QPen(kPredictionColor, 2.5, Qt::DashLine));
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
    if (r.suspects.empty())
        return h;
    h += countsTable(r, esc);
    h += QStringLiteral("<h3>%1</h3><div class=\"samples\">")
             .arg(ReportReview::tr("The %1 likeliest mistakes").arg(std::min<int>(kReportSuspects, static_cast<int>(r.suspects.size())))
                      .toHtmlEscaped());
    const int shown = std::min<int>(kReportSuspects, static_cast<int>(r.suspects.size()));
    for (int i = 0; i < shown; ++i) {
        const ys::Suspect& s = r.suspects[static_cast<size_t>(i)];
        const QString file = s.image >= 0 && s.image < static_cast<int>(r.images.size())
                                 ? QFileInfo(QString::fromStdString(r.images[static_cast<size_t>(s.image)].image)).fileName()
                                 : QString();
        const QString where = s.line > 0 ? ReportReview::tr("%1, line %2").arg(file).arg(s.line) : file;
        const QImage thumb = suspectThumbnail(r, i, 320);
        h += QStringLiteral("<div class=\"figure\">%1<p class=\"caption muted\">%2</p></div>")
                 .arg(thumb.isNull() ? QString() : imageTag(thumb, file, std::min(320, thumb.width())),
                      QStringLiteral("<b>%1.</b> %2 — %3, %4 %5<br>%6")
                          .arg(QString::number(i + 1), esc(where), ReviewText::kind(s.kind).toHtmlEscaped(),
                               ReportReview::tr("score").toHtmlEscaped(), QString::number(s.score, 'f', 2),
                               esc(ReviewText::reason(r, s))));
    }
    return h + QStringLiteral("</div>");
}

}  // namespace ys::ui
