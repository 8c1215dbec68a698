#include "ui/train/predictionpreview.h"

#include "train/trainer.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/common/pooljob.h"

#include <QEvent>
#include <QImageReader>
#include <QPainter>
#include <QPointer>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ys::ui {
namespace {

constexpr double kPreviewConf = 0.25;   // predict()'s default: what a user sees from `predict`
constexpr int kCaptionHeight = 18;

struct DrawnBox {
    QRectF rect;
    int cls;
    QString label;
};

void drawBoxes(QImage& image, const std::vector<DrawnBox>& boxes)
{
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = p.font();
    f.setPixelSize(11);
    p.setFont(f);
    const QFontMetrics fm(f);
    for (const DrawnBox& b : boxes) {
        const QColor c = classColor(b.cls);
        p.setPen(QPen(c, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(b.rect);
        if (b.label.isEmpty())
            continue;
        const QRectF tag(b.rect.left(), std::max(0.0, b.rect.top() - fm.height()), fm.horizontalAdvance(b.label) + 6,
                         fm.height());
        p.fillRect(tag, c);
        p.setPen(c.lightnessF() > 0.6 ? Qt::black : Qt::white);
        p.drawText(tag.adjusted(3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, b.label);
    }
}

QString className(const QStringList& names, int cls)
{
    return cls >= 0 && cls < names.size() ? names[cls] : QString::number(cls);
}

}  // namespace

PredictionPreview::PredictionPreview(QWidget* parent) : QWidget(parent)
{
    setMinimumSize(240, 160);
    inference_.conf = kPreviewConf;
    inference_.threads = 1;
    updateToolTip();
}

void PredictionPreview::updateToolTip()
{
    const QString conf = QString::number(inference_.conf, 'g', 3);
    const QString agnostic = inference_.agnosticNms ? tr(", class-agnostic") : QString();
    setToolTip(inference_.nms ? tr("Predictions of the best weights above confidence %1, after NMS%2.").arg(conf, agnostic)
                              : tr("Predictions of the best weights above confidence %1: YOLO26's one-to-one head "
                                   "without NMS%2 (nms=false; other models use NMS).")
                                    .arg(conf, agnostic));
}

PredictionPreview::~PredictionPreview()
{
    cancel_.cancel();
    // The pool task only; its continuation needs this thread's event loop and is dropped with `this`.
    task_.waitForFinished();
}

QSize PredictionPreview::sizeHint() const
{
    return {2 * kTileSide, kTileSide};
}

std::vector<PredictionPreview::Sample> PredictionPreview::pickSamples(const ys::Dataset& dataset, int count)
{
    std::vector<const ys::ImageRecord*> candidates;
    for (const ys::ImageRecord& r : dataset.images)
        if (r.split == ys::Split::Val && r.width > 0 && r.height > 0 &&
            std::any_of(r.boxes.begin(), r.boxes.end(), [](const ys::LabelBox& b) { return b.valid; }))
            candidates.push_back(&r);
    std::vector<Sample> out;
    const int n = static_cast<int>(candidates.size());
    const int k = std::min(count, n);
    for (int i = 0; i < k; ++i) {
        const ys::ImageRecord* r = candidates[static_cast<size_t>(static_cast<int64_t>(i) * n / k)];
        Sample s;
        s.image = QString::fromStdString(r->image);
        for (const ys::LabelBox& b : r->boxes)
            if (b.valid)
                s.truth.push_back(b);
        out.push_back(std::move(s));
    }
    return out;
}

void PredictionPreview::setSamples(std::vector<Sample> samples, QStringList names)
{
    samples_ = std::move(samples);
    names_ = std::move(names);
    clear();
}

void PredictionPreview::setInference(const QString& device, const ys::TrainConfig& run)
{
    inference_.device = device.toStdString();
    inference_.imgsz = run.imgsz;
    inference_.maxDet = run.max_det;
    inference_.nms = run.nms;
    inference_.agnosticNms = run.agnostic_nms;
    updateToolTip();
}

void PredictionPreview::clear()
{
    ++generation_;
    cancel_.cancel();
    hasPending_ = false;
    truth_.clear();
    predicted_.clear();
    detections_.clear();
    shownEpoch_ = 0;
    message_.clear();
    update();
}

std::vector<ys::Detection> PredictionPreview::predictions(int sample) const
{
    return sample >= 0 && sample < static_cast<int>(detections_.size()) ? detections_[static_cast<size_t>(sample)]
                                                                         : std::vector<ys::Detection>{};
}

void PredictionPreview::showWeights(const QString& weights, int epoch)
{
    if (samples_.empty())
        return;
    const Request request{weights, epoch};
    if (running_) {
        pending_ = request;
        hasPending_ = true;
        return;
    }
    startJob(request);
}

void PredictionPreview::startJob(const Request& request)
{
    running_ = true;
    cancel_ = ys::CancelToken();
    const quint64 generation = generation_;
    const std::vector<Sample> samples = samples_;
    const QStringList names = names_;
    ys::PredictImagesOptions options = inference_;
    options.weights = request.weights.toStdString();
    const ys::CancelToken cancel = cancel_;
    task_ = QtConcurrent::run([samples, names, options, cancel] { return runJob(samples, names, options, cancel); });
    deliverLater(task_, this, [this, epoch = request.epoch, generation](const Result& r) { onJobDone(r, epoch, generation); });
}

PredictionPreview::Result PredictionPreview::runJob(const std::vector<Sample>& samples, const QStringList& names,
                                                    const ys::PredictImagesOptions& options,
                                                    const ys::CancelToken& cancel)
{
    Result r;
    std::vector<ys::RgbImage> inputs;
    std::vector<QImage> shown;
    for (const Sample& s : samples) {
        QImageReader reader(s.image);
        reader.setAutoTransform(true);  // EXIF orientation, as the training loader decodes it
        QImage img = reader.read().convertToFormat(QImage::Format_RGB888);
        ys::RgbImage in;
        if (!img.isNull()) {
            in.width = img.width();
            in.height = img.height();
            in.pixels.resize(static_cast<size_t>(img.width()) * img.height() * 3);
            for (int y = 0; y < img.height(); ++y)
                std::memcpy(in.pixels.data() + static_cast<size_t>(y) * img.width() * 3, img.constScanLine(y),
                            static_cast<size_t>(img.width()) * 3);
        }
        inputs.push_back(std::move(in));
        shown.push_back(img.isNull() ? QImage() : img.scaled(kTileSide, kTileSide, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    }
    auto dets = ys::predictImages(options, inputs, cancel);
    if (!dets) {
        r.error = QString::fromStdString(dets.error().message);
        return r;
    }
    r.detections = *dets;
    for (size_t i = 0; i < samples.size(); ++i) {
        QImage truth = shown[i].convertToFormat(QImage::Format_RGB32);
        QImage predicted = truth.copy();
        if (!truth.isNull()) {
            std::vector<DrawnBox> t;
            for (const ys::LabelBox& b : samples[i].truth)
                t.push_back({QRectF((b.cx - b.w / 2) * truth.width(), (b.cy - b.h / 2) * truth.height(),
                                    b.w * truth.width(), b.h * truth.height()),
                             b.cls, className(names, b.cls)});
            drawBoxes(truth, t);
            const double sx = static_cast<double>(truth.width()) / std::max(1, inputs[i].width);
            const double sy = static_cast<double>(truth.height()) / std::max(1, inputs[i].height);
            std::vector<DrawnBox> p;
            for (const ys::Detection& d : r.detections[i])
                p.push_back({QRectF(d.x1 * sx, d.y1 * sy, (d.x2 - d.x1) * sx, (d.y2 - d.y1) * sy), d.cls,
                             QStringLiteral("%1 %2").arg(className(names, d.cls)).arg(d.conf, 0, 'f', 2)});
            drawBoxes(predicted, p);
        }
        r.truth.push_back(std::move(truth));
        r.predicted.push_back(std::move(predicted));
    }
    return r;
}

void PredictionPreview::onJobDone(const Result& r, int epoch, quint64 generation)
{
    running_ = false;
    if (generation == generation_) {
        if (!r.error.isEmpty()) {
            message_ = tr("Could not preview the predictions: %1").arg(r.error);
            qCWarning(lcTrain).noquote() << "preview:" << r.error;
            emit failed(r.error);
        } else {
            truth_.clear();
            predicted_.clear();
            for (const QImage& i : r.truth)
                truth_.push_back(QPixmap::fromImage(i));
            for (const QImage& i : r.predicted)
                predicted_.push_back(QPixmap::fromImage(i));
            detections_ = r.detections;
            shownEpoch_ = epoch;
            message_.clear();
        }
        update();
        if (r.error.isEmpty())
            emit updated(epoch);
    }
    if (hasPending_) {
        hasPending_ = false;
        startJob(pending_);
    }
}

void PredictionPreview::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        updateToolTip();
        update();
    }
    QWidget::changeEvent(event);
}

void PredictionPreview::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::WindowText));
    if (truth_.empty()) {
        QString text = message_;
        if (text.isEmpty())
            text = samples_.empty() ? tr("Open the run's dataset to preview predictions on its validation images.")
                                    : running_ ? tr("Predicting with the best weights…")
                                               : tr("Predictions of the best weights appear here once an epoch "
                                                    "has been validated.");
        p.setPen(palette().color(QPalette::Disabled, QPalette::WindowText));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, text);
        return;
    }
    // Pairs (truth | prediction) in the grid that gives them the largest size.
    const int n = static_cast<int>(truth_.size());
    const double aspect = 2.0 * kTileSide / kTileSide;
    int bestCols = 1;
    double bestScale = 0;
    for (int cols = 1; cols <= n; ++cols) {
        const int rows = (n + cols - 1) / cols;
        const double w = static_cast<double>(width()) / cols;
        const double h = static_cast<double>(height()) / rows - kCaptionHeight;
        const double s = std::min(w / aspect, h);
        if (s > bestScale) {
            bestScale = s;
            bestCols = cols;
        }
    }
    const int side = std::max(16, static_cast<int>(bestScale) - 4);
    const QString truthCaption = p.fontMetrics().elidedText(tr("truth"), Qt::ElideRight, side);
    const QString predCaption = p.fontMetrics().elidedText(tr("epoch %1").arg(shownEpoch_), Qt::ElideRight, side);
    for (int i = 0; i < n; ++i) {
        const int col = i % bestCols, row = i / bestCols;
        const QPoint origin(col * (2 * side + 8) + 2, row * (side + kCaptionHeight + 4) + 2);
        const QPixmap* pair[2] = {&truth_[static_cast<size_t>(i)], &predicted_[static_cast<size_t>(i)]};
        for (int k = 0; k < 2; ++k) {
            const QRect cell(origin.x() + k * (side + 2), origin.y() + kCaptionHeight, side, side);
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(cell.left(), origin.y(), side, kCaptionHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       k == 0 ? truthCaption : predCaption);
            const QPixmap& pm = *pair[k];
            if (pm.isNull())
                continue;
            const QSize s = pm.size().scaled(cell.size(), Qt::KeepAspectRatio);
            p.drawPixmap(QRect(cell.topLeft(), s), pm);
        }
    }
}

}  // namespace ys::ui
