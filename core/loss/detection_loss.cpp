#include "loss/internal/detection_loss.h"

#include "loss/internal/bce.h"
#include "loss/internal/boxes.h"
#include "loss/internal/head.h"

#include <ATen/autocast_mode.h>

#include <algorithm>
#include <utility>

namespace ys::loss {

namespace {

using torch::indexing::Slice;

// Turns CPU and CUDA autocast off for its scope: the loss is computed in fp32 even when the forward ran
// under autocast (bf16 BCE/softmax sums lose too much precision).
class AutocastOff final {
public:
    AutocastOff()
        : gpu_(at::autocast::is_autocast_enabled(c10::DeviceType::CUDA)),
          cpu_(at::autocast::is_autocast_enabled(c10::DeviceType::CPU))
    {
        at::autocast::set_autocast_enabled(c10::DeviceType::CUDA, false);
        at::autocast::set_autocast_enabled(c10::DeviceType::CPU, false);
    }
    ~AutocastOff()
    {
        at::autocast::set_autocast_enabled(c10::DeviceType::CUDA, gpu_);
        at::autocast::set_autocast_enabled(c10::DeviceType::CPU, cpu_);
    }
    AutocastOff(const AutocastOff&) = delete;
    AutocastOff& operator=(const AutocastOff&) = delete;

private:
    bool gpu_;
    bool cpu_;
};

}  // namespace

torch::Tensor distributionFocalLoss(const torch::Tensor& logits, const torch::Tensor& t)
{
    const auto left = t.to(torch::kLong);
    const auto right = left + 1;
    const auto wLeft = right.to(t.scalar_type()) - t;
    const auto wRight = 1 - wLeft;
    const auto logp = logits.log_softmax(-1);
    return -(logp.gather(1, left.unsqueeze(1)).squeeze(1) * wLeft +
             logp.gather(1, right.unsqueeze(1)).squeeze(1) * wRight);
}

PaddedTargets padTargets(const torch::Tensor& targets, int64_t batchSize, double imgW, double imgH)
{
    TORCH_CHECK(targets.dim() == 2 && (targets.size(1) == 6 || targets.size(0) == 0),
                "targets must be [N,6] (batch_idx, cls, cx, cy, w, h), got ", targets.sizes());
    const auto fopt = torch::TensorOptions().dtype(torch::kFloat).device(targets.device());
    const int64_t n = targets.size(0);
    if (n == 0) {
        return {torch::zeros({batchSize, 0, 1}, fopt), torch::zeros({batchSize, 0, 4}, fopt),
                torch::zeros({batchSize, 0, 1}, fopt)};
    }
    const auto t = targets.to(torch::kFloat);
    const auto img = t.select(1, 0).to(torch::kLong);
    TORCH_CHECK(img.min().item<int64_t>() >= 0 && img.max().item<int64_t>() < batchSize,
                "targets: batch index outside 0..", batchSize - 1);
    const auto counts = torch::bincount(img, {}, batchSize);
    const int64_t m = counts.max().item<int64_t>();
    const auto order = std::get<1>(img.sort(/*stable=*/true, 0, /*descending=*/false));
    const auto sortedImg = img.index_select(0, order);
    const auto starts = counts.cumsum(0) - counts;
    const auto slot = torch::arange(n, sortedImg.options()) - starts.index_select(0, sortedImg);

    const auto rows = t.index_select(0, order);
    const auto scale = torch::tensor({imgW, imgH, imgW, imgH}, fopt);
    const auto boxes = xywh2xyxy(rows.index({Slice(), Slice(2, 6)}) * scale);

    auto outLabels = torch::zeros({batchSize, m, 1}, fopt);
    auto outBoxes = torch::zeros({batchSize, m, 4}, fopt);
    auto outMask = torch::zeros({batchSize, m, 1}, fopt);
    outLabels.index_put_({sortedImg, slot}, rows.index({Slice(), Slice(1, 2)}));
    outBoxes.index_put_({sortedImg, slot}, boxes);
    outMask.index_put_({sortedImg, slot}, torch::ones({n, 1}, fopt));
    return {outLabels, outBoxes, outMask};
}

namespace {

// Ultralytics 8.4's end-to-end schedule: one-to-many weight 0.8 at the start, 0.1 at the end.
constexpr double kOneToManyStart = 0.8;
constexpr double kOneToManyEnd = 0.1;
// 8.4's assigner widens box sides under the second stride (16 px) for its anchor-in-box test.
constexpr double kMinBoxSide = 16.0;

}  // namespace

const char* distanceLossName(int regMax)
{
    return regMax > 1 ? "dfl_loss" : "l1_loss";
}

DetectionLoss::DetectionLoss(int nc, int reg_max, std::vector<int64_t> strides, LossGains gains, bool endToEnd)
    : nc_(nc),
      regMax_(reg_max),
      endToEnd_(endToEnd),
      strides_(std::move(strides)),
      gains_(gains),
      assigner_(nc, 10, 0.5, 6.0, 1e-9, 0, endToEnd ? kMinBoxSide : 0.0),
      oneToOne_(nc, 7, 0.5, 6.0, 1e-9, 1, kMinBoxSide)
{
    TORCH_CHECK(nc > 0 && reg_max >= 1 && !strides_.empty(), "DetectionLoss: bad nc, reg_max or strides");
}

double DetectionLoss::oneToManyWeight(int epoch, int epochs)
{
    const double progress = static_cast<double>(epoch) / std::max(epochs - 1, 1);
    return std::max(1.0 - progress, 0.0) * (kOneToManyStart - kOneToManyEnd) + kOneToManyEnd;
}

LossOutput DetectionLoss::operator()(const DetectionModelImpl::Heads& heads, const torch::Tensor& targets,
                                     int64_t batchSize) const
{
    if (!endToEnd_)
        return headLoss(heads.many, targets, batchSize, assigner_);
    TORCH_CHECK(!heads.one.empty(), "DetectionLoss: an end-to-end loss needs the one-to-one head's outputs");
    const LossOutput many = headLoss(heads.many, targets, batchSize, assigner_);
    LossOutput one = headLoss(heads.one, targets, batchSize, oneToOne_);
    one.total = many.total * oneToMany_ + one.total * (1.0 - oneToMany_);
    return one;
}

LossOutput DetectionLoss::operator()(const std::vector<torch::Tensor>& feats, const torch::Tensor& targets,
                                     int64_t batchSize) const
{
    TORCH_CHECK(!endToEnd_, "DetectionLoss: an end-to-end loss needs both heads (DetectionModelImpl::forwardHeads)");
    return headLoss(feats, targets, batchSize, assigner_);
}

LossOutput DetectionLoss::headLoss(const std::vector<torch::Tensor>& feats, const torch::Tensor& targets,
                                   int64_t batchSize, const TaskAlignedAssigner& assigner) const
{
    AutocastOff autocastOff;
    TORCH_CHECK(feats.size() == strides_.size(), "DetectionLoss: ", feats.size(), " levels but ",
                strides_.size(), " strides");
    const auto head = flattenHead(feats, 4 * regMax_, nc_);
    const auto& predDist = head.dist;      // [B,A,4*reg_max] fp32
    const auto& predScores = head.scores;  // [B,A,nc] fp32
    const int64_t B = predScores.size(0);
    TORCH_CHECK(batchSize == B, "DetectionLoss: batchSize ", batchSize, " but feats hold ", B, " images");

    const double imgH = static_cast<double>(feats[0].size(2) * strides_[0]);
    const double imgW = static_cast<double>(feats[0].size(3) * strides_[0]);
    const auto [anchors, strideT] = makeAnchors(feats, strides_, 0.5);  // grid units, [A,2], [A,1]

    const auto gt = padTargets(targets.to(predScores.device()), B, imgW, imgH);
    // The assigner needs every anchor's box but no gradient; the box loss needs gradients only at the anchors
    // it assigns, so the softmax with autograd runs on those rows alone. Without DFL bins the head's four values
    // are the distances.
    const auto predBoxes = regMax_ > 1 ? decodeBoxes(predDist, anchors, regMax_)
                                       : dist2bbox(predDist.detach(), anchors, false);  // grid units, xyxy, no grad

    const auto as = assigner(predScores.detach(), predBoxes * strideT, anchors * strideT, gt.labels, gt.boxes,
                             gt.mask, /*scoresAreLogits=*/true);
    const auto scoreSum = as.target_scores.sum().clamp_min(1.0);

    const auto lossCls = bceWithLogitsSum(predScores, as.target_scores) / scoreSum;
    auto lossBox = torch::zeros({}, predScores.options());
    auto lossDist = torch::zeros({}, predScores.options());
    const auto fg = as.fg_mask;
    if (fg.any().item<bool>()) {
        const auto targetBoxes = as.target_bboxes / strideT;  // grid units
        const auto weight = as.target_scores.sum(-1).index({fg}).unsqueeze(-1);  // [P,1]
        const auto tbFg = targetBoxes.index({fg});                               // [P,4]
        const auto anchorsFg = anchors.unsqueeze(0).expand({B, -1, -1}).index({fg});  // [P,2]
        const auto distFg = predDist.index({fg});                                      // [P,4*reg_max]
        const auto ltrbFg = regMax_ > 1 ? dflDecode(distFg, regMax_) : distFg;        // [P,4] with grad
        const auto boxesFg = dist2bbox(ltrbFg, anchorsFg, false);
        const auto iou = bboxIou(boxesFg, tbFg, /*xywh=*/false, /*ciou=*/true);
        lossBox = ((1.0 - iou) * weight).sum() / scoreSum;

        if (regMax_ > 1) {
            const auto ltrb = bbox2dist(anchorsFg, tbFg, regMax_);  // [P,4]
            const auto logits = distFg.reshape({-1, regMax_});      // [P*4,reg_max]
            const auto dfl = distributionFocalLoss(logits, ltrb.reshape({-1})).view({-1, 4}).mean(-1, true);
            lossDist = (dfl * weight).sum() / scoreSum;
        } else {
            // L1 on the four distances in fractions of the image (x sides by its width, y sides by its height).
            const auto strideFg = strideT.unsqueeze(0).expand({B, -1, -1}).index({fg});  // [P,1]
            const auto scale = strideFg / torch::tensor({imgW, imgH, imgW, imgH}, predDist.options());  // [P,4]
            const auto target = torch::cat({anchorsFg - tbFg.narrow(1, 0, 2), tbFg.narrow(1, 2, 2) - anchorsFg}, 1);
            const auto l1 = ((ltrbFg - target) * scale).abs().mean(-1, true);
            lossDist = (l1 * weight).sum() / scoreSum;
        }
    }

    const auto box = lossBox * gains_.box;
    const auto cls = lossCls * gains_.cls;
    const auto dist = lossDist * gains_.dfl;
    LossOutput out;
    out.total = (box + cls + dist) * static_cast<double>(B);
    out.items = torch::stack({box, cls, dist}).detach();
    return out;
}

}  // namespace ys::loss
