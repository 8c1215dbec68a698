// Validation loop: rect batches -> model -> (loss) -> decode -> NMS -> original coordinates -> mAP.
#include "train/internal/validator.h"

#include "common/log.h"
#include "eval/internal/nms.h"
#include "run/eventdetails.h"

#include <chrono>
#include <cstdio>

namespace ys {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::vector<GroundTruth> groundTruth(const ImageRecord& rec)
{
    std::vector<GroundTruth> gts;
    gts.reserve(rec.boxes.size());
    const float w = static_cast<float>(rec.width), h = static_cast<float>(rec.height);
    for (const LabelBox& b : rec.boxes) {
        if (!b.valid)
            continue;   // kept by the scanner for display only (out of range, zero size)
        GroundTruth g;
        g.x1 = (b.cx - b.w / 2) * w;
        g.y1 = (b.cy - b.h / 2) * h;
        g.x2 = (b.cx + b.w / 2) * w;
        g.y2 = (b.cy + b.h / 2) * h;
        g.cls = b.cls;
        gts.push_back(g);
    }
    return gts;
}

}  // namespace

torch::Tensor sliceTargets(const torch::Tensor& targets, int64_t begin, int64_t end)
{
    if (targets.size(0) == 0)
        return targets;
    const torch::Tensor idx = targets.select(1, 0);
    torch::Tensor t = targets.index({(idx >= begin).logical_and(idx < end)}).clone();
    t.select(1, 0).sub_(static_cast<double>(begin));
    return t;
}


std::vector<Detection> toDetections(const torch::Tensor& nmsOut, float gain, float padX, float padY, int origW,
                                    int origH, bool clip)
{
    std::vector<Detection> dets;
    if (!nmsOut.defined() || nmsOut.size(0) == 0)
        return dets;
    const torch::Tensor d = nmsOut.to(torch::kCPU, torch::kFloat32).contiguous();
    const float* p = d.data_ptr<float>();
    const int64_t n = d.size(0);
    dets.reserve(static_cast<size_t>(n));
    auto clampf = [clip](float v, float hi) { return clip ? std::min(std::max(v, 0.0f), hi) : v; };
    for (int64_t i = 0; i < n; ++i, p += 6) {
        Detection det;
        det.x1 = clampf((p[0] - padX) / gain, static_cast<float>(origW));
        det.y1 = clampf((p[1] - padY) / gain, static_cast<float>(origH));
        det.x2 = clampf((p[2] - padX) / gain, static_cast<float>(origW));
        det.y2 = clampf((p[3] - padY) / gain, static_cast<float>(origH));
        det.conf = p[4];
        det.cls = static_cast<int>(p[5]);
        dets.push_back(det);
    }
    return dets;
}

std::string valTableHeader()
{
    return "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)";
}

std::string valTableAllRow(int images, const DetectionMetrics& metrics)
{
    int64_t instances = 0;
    for (const auto& c : metrics.perClass)
        instances += c.instances;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%22s%11d%11lld%11.3g%11.3g%11.3g%11.3g", "all", images,
                  static_cast<long long>(instances), metrics.precision, metrics.recall, metrics.map50,
                  metrics.map50_95);
    return buf;
}

Validator::Validator(std::vector<ImageRecord> images, int nc, const ValidatorOptions& options,
                     const torch::Device& device)
    : images_(std::move(images)), nc_(nc), opt_(options), device_(device), microBatch_(options.batch)
{
    LoaderOptions lo;
    lo.imgsz = opt_.imgsz;
    lo.batch = opt_.batch;
    lo.augment = false;
    lo.rect = opt_.rect;
    lo.shuffle = false;
    lo.workers = opt_.workers;
    lo.pad = 0.5;
    loader_ = std::make_unique<BatchLoader>(images_, lo);
}

Validator::~Validator() = default;

ValidationOutput Validator::run(DetectionModel& model, DetectionLoss* loss, const TrainControl* control,
                                const std::function<void(const TrainEvent&)>& onEvent)
{
    const bool wasTraining = model->is_training();
    model->eval();
    TorchDetector detector(model, {}, {}, opt_.imgsz, device_, opt_.amp, opt_.channelsLast);
    detector.useOneToOneHead(!opt_.nms);
    ValidationOutput out = run(detector, loss, control, onEvent);
    if (wasTraining)
        model->train();
    return out;
}

ValidationOutput Validator::run(Detector& detector, DetectionLoss* loss, const TrainControl* control,
                                const std::function<void(const TrainEvent&)>& onEvent)
{
    ValidationOutput out;
    const auto t0 = Clock::now();
    DetectionEvaluator evaluator(nc_, opt_.metrics);
    const bool clip = opt_.metrics == MetricsVersion::Ultralytics83;
    torch::Tensor lossSum = torch::zeros({3});
    int64_t lossBatches = 0;
    double msInf = 0, msLoss = 0, msPost = 0;

    torch::NoGradGuard noGrad;
    detector.keepBothHeads(loss && loss->endToEnd());
    loader_->startEpoch(0, false);

    while (auto batch = loader_->next()) {
        if (control && control->stopRequested()) {
            out.cancelled = true;
            break;
        }
        const int64_t n = batch->images.size(0);
        for (int64_t begin = 0; begin < n;) {
            const int64_t end = std::min<int64_t>(n, begin + microBatch_);
            try {
                auto ti = Clock::now();
                const DetectorOutput inf = detector.run(batch->images.slice(0, begin, end));
                msInf += msSince(ti);
                if (loss && !inf.feats.empty() && (!loss->endToEnd() || !inf.featsOneToOne.empty())) {
                    auto tl = Clock::now();
                    const LossOutput lo = (*loss)(DetectionModelImpl::Heads{inf.feats, inf.featsOneToOne},
                                                  sliceTargets(batch->targets, begin, end).to(device_), end - begin);
                    lossSum += lo.items.to(torch::kCPU, torch::kFloat32);
                    ++lossBatches;
                    msLoss += msSince(tl);
                }
                auto tp = Clock::now();
                // NMS, or the one-to-one head's top max_det when the detector runs it (nms=false). 8.4 matches
                // boxes in the letterboxed image, unclipped; 8.3 clipped to the image.
                const auto nms = detectionsOf(inf, opt_.filter);
                for (int64_t i = begin; i < end; ++i) {
                    const size_t bi = static_cast<size_t>(i);
                    const ImageRecord& rec = images_[static_cast<size_t>(batch->indices[bi])];
                    const auto& lb = batch->letterbox[bi];
                    evaluator.addImage(toDetections(nms[static_cast<size_t>(i - begin)], lb[0], lb[1], lb[2],
                                                    batch->origShapes[bi][1], batch->origShapes[bi][0], clip),
                                       groundTruth(rec));
                }
                msPost += msSince(tp);
                out.images += static_cast<int>(end - begin);
                begin = end;
            } catch (const std::exception& e) {
                if (!isOutOfMemory(e) || microBatch_ <= 1)
                    throw;
                const int old = microBatch_;
                microBatch_ = std::max(1, microBatch_ / 2);
                releaseCachedMemory(device_);
                if (onEvent) {
                    TrainEvent ev;
                    ev.kind = EventKind::ValOomRecovered;
                    ev.message = "validation ran out of memory; batch " + std::to_string(old) + " -> " +
                                 std::to_string(microBatch_);
                    ev.detailsJson = detailsJson(OomDetails{true, old, microBatch_, 0, 0, {}});
                    onEvent(ev);
                }
            }
        }
    }
    out.metrics = evaluator.compute();
    if (lossBatches > 0) {
        lossSum /= static_cast<double>(lossBatches);
        out.box = lossSum[0].item<double>();
        out.cls = lossSum[1].item<double>();
        out.dfl = lossSum[2].item<double>();
    }
    out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (out.images > 0) {
        out.msInference = msInf / out.images;
        out.msLoss = msLoss / out.images;
        out.msPost = msPost / out.images;
    }
    return out;
}

}  // namespace ys
