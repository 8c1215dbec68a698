#include "ui/report/reportimages.h"

#include "ui/charts/chartformat.h"
#include "ui/charts/serieschart.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

QString nameOf(const QStringList& names, int cls)
{
    return cls >= 0 && cls < names.size() ? names[cls] : QString::number(cls);
}

// White to blue, as a heat map reads best on paper.
QColor heat(double v)
{
    v = std::clamp(v, 0.0, 1.0);
    const QColor lo(247, 251, 255), hi(8, 69, 148);
    return QColor::fromRgbF(static_cast<float>(lo.redF() + (hi.redF() - lo.redF()) * v),
                            static_cast<float>(lo.greenF() + (hi.greenF() - lo.greenF()) * v),
                            static_cast<float>(lo.blueF() + (hi.blueF() - lo.blueF()) * v));
}

void drawBoxes(QPainter& p, const QPointF& origin, const std::vector<QRectF>& rects, const std::vector<int>& classes,
               const std::vector<QString>& labels)
{
    QFont f = p.font();
    f.setPixelSize(11);
    p.setFont(f);
    const QFontMetrics fm(f);
    for (size_t i = 0; i < rects.size(); ++i) {
        const QColor c = seriesColor(classes[i]);
        const QRectF r = rects[i].translated(origin);
        p.setPen(QPen(c, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        const QString text = fm.elidedText(labels[i], Qt::ElideRight, 160);
        QRectF tag(r.left(), r.top() - fm.height() - 1, fm.horizontalAdvance(text) + 6, fm.height() + 1);
        if (tag.top() < origin.y())
            tag.moveTop(r.top());
        p.fillRect(tag, c);
        p.setPen(Qt::white);
        p.drawText(tag.adjusted(3, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    }
}

}  // namespace

QImage confusionMatrixImage(const std::vector<std::vector<int64_t>>& confusion, const QStringList& names,
                            const QString& background, double dpr)
{
    const int n = static_cast<int>(confusion.size());
    if (n == 0)
        return {};
    QStringList labels;
    for (int i = 0; i + 1 < n; ++i)
        labels << nameOf(names, i);
    labels << background;

    const bool numbers = n <= 30;
    const int cell = n <= 12 ? 44 : n <= 30 ? 24 : std::max(6, 720 / n);
    QFont font;
    font.setPixelSize(n <= 30 ? 11 : 9);
    const QFontMetrics fm(font);
    int labelWidth = 0;
    for (const QString& l : labels)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(l));
    labelWidth = std::min(labelWidth, 160) + 8;
    const bool everyLabel = n <= 60;
    const int titleH = 22;
    const int left = labelWidth + titleH, top = 8;
    const int grid = cell * n;
    const QSize size(left + grid + 8, top + grid + labelWidth + titleH + 4);

    QImage img(QSize(static_cast<int>(size.width() * dpr), static_cast<int>(size.height() * dpr)), QImage::Format_RGB32);
    img.setDevicePixelRatio(dpr);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(font);

    std::vector<int64_t> columnTotal(static_cast<size_t>(n), 0);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n && c < static_cast<int>(confusion[static_cast<size_t>(r)].size()); ++c)
            columnTotal[static_cast<size_t>(c)] += confusion[static_cast<size_t>(r)][static_cast<size_t>(c)];
    for (int r = 0; r < n; ++r) {
        const auto& row = confusion[static_cast<size_t>(r)];
        for (int c = 0; c < n; ++c) {
            const int64_t v = c < static_cast<int>(row.size()) ? row[static_cast<size_t>(c)] : 0;
            const int64_t total = columnTotal[static_cast<size_t>(c)];
            const double share = total > 0 ? static_cast<double>(v) / static_cast<double>(total) : 0.0;
            const QRect cellRect(left + c * cell, top + r * cell, cell, cell);
            p.fillRect(cellRect, heat(share));
            if (numbers && v > 0) {
                p.setPen(share > 0.5 ? Qt::white : Qt::black);
                p.drawText(cellRect, Qt::AlignCenter, QString::number(v));
            }
        }
    }
    p.setPen(QColor(200, 200, 200));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRect(left, top, grid, grid));
    p.setPen(Qt::black);
    for (int i = 0; i < n; ++i) {
        if (!everyLabel && i % std::max(1, n / 40) != 0 && i != n - 1)
            continue;
        const QString l = fm.elidedText(labels[i], Qt::ElideRight, labelWidth - 8);
        // Rows: predicted class, left of the grid.
        p.drawText(QRect(titleH, top + i * cell, labelWidth - 4, cell), Qt::AlignRight | Qt::AlignVCenter, l);
        // Columns: true class, below the grid, rotated.
        p.save();
        p.translate(left + i * cell + cell / 2.0, top + grid + 4);
        p.rotate(90);
        p.drawText(QRect(0, -cell / 2, labelWidth - 4, cell), Qt::AlignLeft | Qt::AlignVCenter, l);
        p.restore();
    }
    QFont bold = font;
    bold.setBold(true);
    bold.setPixelSize(12);
    p.setFont(bold);
    p.drawText(QRect(left, top + grid + labelWidth, grid, titleH), Qt::AlignCenter,
               QCoreApplication::translate("ys::ui::ReportWriter", "True class"));
    p.save();
    p.translate(2, top + grid / 2.0);
    p.rotate(-90);
    p.drawText(QRect(-grid / 2, 0, grid, titleH), Qt::AlignCenter,
               QCoreApplication::translate("ys::ui::ReportWriter", "Predicted class"));
    p.restore();
    return img;
}

QImage prCurveImage(const std::vector<ClassMetrics>& classes, const QStringList& names, const QSize& size, double dpr)
{
    std::vector<const ClassMetrics*> curves;
    for (const ClassMetrics& c : classes)
        if (c.pr50.size() == static_cast<size_t>(kPrCurvePoints))
            curves.push_back(&c);
    if (curves.empty())
        return {};
    std::vector<double> recall(static_cast<size_t>(kPrCurvePoints));
    for (int i = 0; i < kPrCurvePoints; ++i)
        recall[static_cast<size_t>(i)] = i / double(kPrCurvePoints - 1);
    SeriesChart chart;
    chart.setXAxis(QCoreApplication::translate("ys::ui::ReportWriter", "Recall"), ValueUnit::Fraction);
    chart.setYAxis(SeriesChart::Axis::Left, QCoreApplication::translate("ys::ui::ReportWriter", "Precision"),
                   ValueUnit::Fraction);
    chart.setFixedRange(SeriesChart::Axis::Left, 0, 1.02);
    chart.setXExtent(0, 1);
    const bool colour = curves.size() <= 10;
    // The mean over every class present (a class without detections counts with precision 0).
    std::vector<double> mean(static_cast<size_t>(kPrCurvePoints), 0.0);
    int i = 0;
    for (const ClassMetrics* c : curves) {
        for (int k = 0; k < kPrCurvePoints; ++k)
            mean[static_cast<size_t>(k)] += c->pr50[static_cast<size_t>(k)];
        SeriesChart::Style style;
        style.color = colour ? seriesColor(i) : QColor(170, 170, 170);
        style.width = colour ? 1.4 : 0.8;
        const QString label = QStringLiteral("%1 %2").arg(nameOf(names, c->cls), QString::number(c->ap50, 'f', 3));
        const int s = chart.addSeries(label, style);
        chart.setData(s, recall, c->pr50);
        ++i;
    }
    for (double& v : mean)
        v /= static_cast<double>(std::max<size_t>(1, classes.size()));
    double map50 = 0;
    for (const ClassMetrics& c : classes)
        map50 += c.ap50;
    map50 /= static_cast<double>(std::max<size_t>(1, classes.size()));
    SeriesChart::Style meanStyle;
    meanStyle.color = colour ? QColor(20, 20, 20) : seriesColor(0);
    meanStyle.width = 3;
    const int m = chart.addSeries(QCoreApplication::translate("ys::ui::ReportWriter", "all classes %1 mAP50")
                                      .arg(QString::number(map50, 'f', 3)),
                                  meanStyle);
    chart.setData(m, recall, mean);
    if (!colour)
        for (int s = 0; s + 1 < chart.seriesCount(); ++s)
            chart.removeFromLegend(s);
    // Curves start high on the left and end low on the right: the bottom left is where they are not.
    chart.setLegendAlignment(Qt::AlignBottom | Qt::AlignLeft);
    chart.resize(size);
    return chart.renderImage(size, dpr);
}

QImage validationPairImage(const ys::report::ValidationSample& s, const QStringList& names, const QString& truthTitle,
                           const QString& predictedTitle)
{
    const int w = std::max(1, s.picture.width), h = std::max(1, s.picture.height);
    const int gap = 8, titleH = 20;
    QImage out(2 * w + gap, h + titleH, QImage::Format_RGB32);
    out.fill(Qt::white);
    const QImage pic(s.picture.pixels.data(), w, h, 3 * w, QImage::Format_RGB888);
    QPainter p(&out);
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = p.font();
    f.setPixelSize(12);
    f.setBold(true);
    p.setFont(f);
    p.setPen(Qt::black);
    p.drawText(QRect(0, 0, w, titleH), Qt::AlignCenter, truthTitle);
    p.drawText(QRect(w + gap, 0, w, titleH), Qt::AlignCenter,
               QStringLiteral("%1 (%2)").arg(predictedTitle).arg(s.predicted.size()));
    if (!s.picture.pixels.empty()) {
        p.drawImage(QPoint(0, titleH), pic);
        p.drawImage(QPoint(w + gap, titleH), pic);
    }
    std::vector<QRectF> rects;
    std::vector<int> classes;
    std::vector<QString> labels;
    for (const GroundTruth& g : s.truth) {
        rects.emplace_back(QPointF(g.x1, g.y1), QPointF(g.x2, g.y2));
        classes.push_back(g.cls);
        labels.push_back(nameOf(names, g.cls));
    }
    drawBoxes(p, QPointF(0, titleH), rects, classes, labels);
    rects.clear();
    classes.clear();
    labels.clear();
    for (const Detection& d : s.predicted) {
        rects.emplace_back(QPointF(d.x1, d.y1), QPointF(d.x2, d.y2));
        classes.push_back(d.cls);
        labels.push_back(QStringLiteral("%1 %2").arg(nameOf(names, d.cls), QString::number(d.conf, 'f', 2)));
    }
    drawBoxes(p, QPointF(w + gap, titleH), rects, classes, labels);
    return out;
}

}  // namespace ys::ui
