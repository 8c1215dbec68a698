#pragma once
// The predictions preview: a few validation images, each drawn twice — ground truth and what the current
// best weights predict, with the run's nms and agnostic_nms — refreshed whenever a new best.pt is saved.
// Decoding, ys::predictImages (one intra-op thread, so it stays out of the training thread's way) and drawing
// run in a QtConcurrent job; the GUI thread only turns the finished images into pixmaps. One job at a time:
// weights saved while a job runs are remembered and predicted next (only the newest). Cancelled and waited for
// on destruction.
//
// On a CPU device the preview's tensors are counted by the same process-wide memory tracker as training's,
// so a preview that runs during an epoch shows as a small bump in the memory chart.

#include "common/progress.h"
#include "data/dataset.h"
#include "eval/metrics.h"
#include "train/trainer.h"

#include <QFuture>
#include <QImage>
#include <QPixmap>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace ys::ui {

class PredictionPreview final : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDefaultImages = 4;
    static constexpr int kTileSide = 320;   // longest side of each drawn image, pixels

    struct Sample {
        QString image;                       // absolute path
        std::vector<ys::LabelBox> truth;     // normalised boxes with their classes
    };

    explicit PredictionPreview(QWidget* parent = nullptr);
    ~PredictionPreview() override;

    // Up to `count` validation images with boxes, spread evenly over the split (deterministic).
    static std::vector<Sample> pickSamples(const ys::Dataset& dataset, int count = kDefaultImages);

    // The images to preview and the class names to label boxes with. Clears shown predictions.
    void setSamples(std::vector<Sample> samples, QStringList names);
    // Predict as the run validates: on `device`, at the run's imgsz, max_det, nms (false: YOLO26's one-to-one head
    // without NMS) and agnostic_nms, at predict's confidence 0.25.
    void setInference(const QString& device, const ys::TrainConfig& run);
    // What the next prediction runs with (weights aside).
    const ys::PredictImagesOptions& inference() const { return inference_; }
    // Predicts with `weights` (a new best.pt of `epoch`).
    void showWeights(const QString& weights, int epoch);
    void clear();

    bool busy() const { return running_; }
    int shownEpoch() const { return shownEpoch_; }
    int sampleCount() const { return static_cast<int>(samples_.size()); }
    // Detections shown for sample i (empty before the first prediction).
    std::vector<ys::Detection> predictions(int sample) const;
    QSize sizeHint() const override;

signals:
    // Predictions of `epoch`'s weights are on screen.
    void updated(int epoch);
    void failed(const QString& message);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Result {
        std::vector<QImage> truth, predicted;
        std::vector<std::vector<ys::Detection>> detections;
        QString error;
    };
    struct Request {
        QString weights;
        int epoch = 0;
    };
    void updateToolTip();   // what the predictions are: confidence, head, NMS
    void startJob(const Request& request);
    void onJobDone(const Result& result, int epoch, quint64 generation);
    static Result runJob(const std::vector<Sample>& samples, const QStringList& names,
                         const ys::PredictImagesOptions& options, const ys::CancelToken& cancel);

    std::vector<Sample> samples_;
    QStringList names_;
    ys::PredictImagesOptions inference_;
    std::vector<QPixmap> truth_, predicted_;
    std::vector<std::vector<ys::Detection>> detections_;
    int shownEpoch_ = 0;
    QString message_;
    bool running_ = false;
    bool hasPending_ = false;
    Request pending_;
    quint64 generation_ = 0;   // setSamples/clear make running jobs stale
    ys::CancelToken cancel_;
    QFuture<Result> task_;   // the pool task of the running job
};

}  // namespace ys::ui
