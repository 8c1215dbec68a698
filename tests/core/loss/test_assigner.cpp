// Task-aligned assigner on hand-computed cases, plus a cross-check against a dense formulation.
#include "common/internal/torchcompat.h"
#include "loss/internal/assigner.h"
#include "loss/internal/boxes.h"

#include <QtTest>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/alloc_cpu.h>

#include <atomic>
#include <cmath>

using namespace ys::loss;

namespace {

torch::Tensor boxes(std::vector<std::array<float, 4>> b)
{
    auto t = torch::empty({static_cast<int64_t>(b.size()), 4});
    for (size_t i = 0; i < b.size(); ++i)
        for (int k = 0; k < 4; ++k)
            t[static_cast<int64_t>(i)][k] = b[i][k];
    return t;
}

torch::Tensor points(std::vector<std::array<float, 2>> p)
{
    auto t = torch::empty({static_cast<int64_t>(p.size()), 2});
    for (size_t i = 0; i < p.size(); ++i) {
        t[static_cast<int64_t>(i)][0] = p[i][0];
        t[static_cast<int64_t>(i)][1] = p[i][1];
    }
    return t;
}

// One image: GT boxes [M,4] with labels -> [1,M,*] inputs with every mask entry set.
struct Gt {
    torch::Tensor labels, boxes, mask;
};
Gt oneImage(const torch::Tensor& b, std::vector<int64_t> labels)
{
    const int64_t m = b.size(0);
    auto l = torch::tensor(labels, torch::kFloat).view({1, m, 1});
    return {l, b.view({1, m, 4}), torch::ones({1, m, 1})};
}

// The assigner written densely over [B,M,A] (the textbook formulation), to cross-check the sparse one.
AssignResult denseReference(const torch::Tensor& scores, const torch::Tensor& pd, const torch::Tensor& anc,
                            const torch::Tensor& labels, const torch::Tensor& gtb, const torch::Tensor& maskGt,
                            int nc, int topk)
{
    const int64_t B = scores.size(0), A = scores.size(1), M = gtb.size(1);
    const auto lt = gtb.index({torch::indexing::Slice(), torch::indexing::Slice(), torch::indexing::None,
                               torch::indexing::Slice(0, 2)});
    const auto rb = gtb.index({torch::indexing::Slice(), torch::indexing::Slice(), torch::indexing::None,
                               torch::indexing::Slice(2, 4)});
    const auto deltas = torch::cat({anc.view({1, 1, A, 2}) - lt, rb - anc.view({1, 1, A, 2})}, -1);
    const auto inGt = deltas.amin(-1).gt(1e-9).logical_and(maskGt.gt(0));  // [B,M,A]
    const auto iou = bboxIou(gtb.unsqueeze(2), pd.unsqueeze(1), false, true).squeeze(-1).clamp_min(0) * inGt;
    const auto lab = labels.squeeze(-1).to(torch::kLong);
    const auto s = scores.permute({0, 2, 1}).gather(1, lab.unsqueeze(-1).expand({B, M, A})) * inGt;
    const auto align = s.pow(0.5) * iou.pow(6.0);
    const auto top = std::get<1>(align.topk(topk, -1));
    auto pos = torch::zeros({B, M, A}, torch::kBool).scatter_(2, top, true).logical_and(inGt);
    const auto cnt = pos.sum(1);
    const auto best = torch::zeros({B, M, A}, torch::kBool).scatter_(1, iou.argmax(1, true), true);
    pos = torch::where(cnt.gt(1).unsqueeze(1), best, pos);
    const auto fg = pos.any(1);
    const auto idx = pos.to(torch::kByte).argmax(1);
    const auto tl = lab.gather(1, idx);
    auto ts = torch::one_hot(tl, nc).to(torch::kFloat) * fg.unsqueeze(-1);
    const auto am = align * pos;
    const auto norm = (am * (iou * pos).amax(-1, true) / (am.amax(-1, true) + 1e-9)).amax(1);
    ts = ts * norm.unsqueeze(-1);
    return {tl, gtb.gather(1, idx.unsqueeze(-1).expand({B, A, 4})), ts, fg, idx};
}

// Counts every CPU tensor allocation (size kept in a header before the block, as oneDNN requires the
// DataPtr context to equal its data pointer).
class TrackingAllocator final : public ys::torchcompat::Allocator {
public:
    static constexpr size_t kHeader = 64;  // keeps the 64-byte alignment of alloc_cpu
    static inline std::atomic<int64_t> current{0};
    static inline std::atomic<int64_t> peak{0};

    c10::DataPtr allocateBytes(size_t n) const override
    {
        auto* raw = static_cast<char*>(c10::alloc_cpu(n + kHeader));
        *reinterpret_cast<size_t*>(raw) = n;
        const int64_t now = current += static_cast<int64_t>(n);
        int64_t p = peak.load();
        while (now > p && !peak.compare_exchange_weak(p, now)) {
        }
        void* data = raw + kHeader;
        return {data, data, &release, c10::Device(c10::DeviceType::CPU)};
    }
    c10::DeleterFnPtr raw_deleter() const override { return &release; }

    static void release(void* data)
    {
        if (!data)
            return;
        char* raw = static_cast<char*>(data) - kHeader;
        current -= static_cast<int64_t>(*reinterpret_cast<size_t*>(raw));
        c10::free_cpu(raw);
    }
};

}  // namespace

class TestAssigner final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void anchorInsideOneGtGetsIt();
    void anchorInsideTwoGtsGoesToHigherIou();
    void topkKeepsBestAligned();
    void softScoresNormalisedByBestIou();
    void noGroundTruthIsAllBackground();
    void paddingBelongsToNoImage();
    void matchesDenseFormulation();
    void peakMemoryWithinEstimate();
};

void TestAssigner::anchorInsideOneGtGetsIt()
{
    // GT (0,0,10,10) of class 1; anchors at x = 5 (inside), 15 and 25 (outside); every prediction
    // is the GT box itself with probability 0.5 for both classes.
    const auto gtBox = boxes({{0, 0, 10, 10}});
    const auto g = oneImage(gtBox, {1});
    const auto anc = points({{5, 5}, {15, 5}, {25, 5}});
    const auto scores = torch::full({1, 3, 2}, 0.5);
    const auto pd = gtBox.repeat({3, 1}).unsqueeze(0);
    const auto r = TaskAlignedAssigner(2)(scores, pd, anc, g.labels, g.boxes, g.mask);
    QVERIFY(torch::equal(r.fg_mask, torch::tensor({true, false, false}).view({1, 3})));
    QCOMPARE(r.target_labels[0][0].item<int64_t>(), int64_t{1});
    QVERIFY(torch::allclose(r.target_bboxes[0][0], gtBox[0]));
    // Best (only) anchor of the GT: target = the GT's best IoU = 1, on class 1 only.
    QVERIFY(torch::allclose(r.target_scores[0][0], torch::tensor({0.f, 1.f}), 1e-5, 1e-5));
    QCOMPARE(r.target_scores[0].slice(0, 1, 3).abs().sum().item<double>(), 0.0);
}

void TestAssigner::anchorInsideTwoGtsGoesToHigherIou()
{
    // GT 0 (0,0,20,20) class 0 and GT 1 (5,5,25,25) class 1 overlap; the anchor at (12,12) is inside both.
    // IoU between the two boxes: 15*15 / (400 + 400 - 225) = 0.391, so a prediction equal to one GT has
    // IoU 1 with it and 0.391 with the other: the anchor goes to the GT its prediction matches.
    const auto gtBoxes = boxes({{0, 0, 20, 20}, {5, 5, 25, 25}});
    const auto g = oneImage(gtBoxes, {0, 1});
    const auto anc = points({{12, 12}, {60, 60}});
    const auto scores = torch::full({1, 2, 2}, 0.5);
    for (int64_t want : {int64_t{1}, int64_t{0}}) {
        const auto pd = torch::stack({gtBoxes[want], gtBoxes[want]}).unsqueeze(0);
        const auto r = TaskAlignedAssigner(2)(scores, pd, anc, g.labels, g.boxes, g.mask);
        QVERIFY(r.fg_mask[0][0].item<bool>());
        QVERIFY(!r.fg_mask[0][1].item<bool>());
        QCOMPARE(r.target_gt_idx[0][0].item<int64_t>(), want);
        QCOMPARE(r.target_labels[0][0].item<int64_t>(), want);
        QVERIFY(torch::allclose(r.target_bboxes[0][0], gtBoxes[want]));
        QVERIFY(std::abs(r.target_scores[0][0][want].item<double>() - 1.0) < 1e-5);
        QCOMPARE(r.target_scores[0][0][1 - want].item<double>(), 0.0);
    }
}

void TestAssigner::topkKeepsBestAligned()
{
    // 100 anchors on a 10 x 10 grid, all inside one GT (0,0,100,100); predictions equal the GT; the class
    // probability rises with the anchor index, so with topk = 3 anchors 97, 98, 99 win. Targets:
    // t_k = sqrt(s_k) * 1^6, normalised so the best is 1 -> sqrt(s_k / s_99).
    std::vector<std::array<float, 2>> grid;
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 10; ++x)
            grid.push_back({5.f + 10.f * x, 5.f + 10.f * y});
    const auto anc = points(grid);
    const auto gtBox = boxes({{0, 0, 100, 100}});
    const auto g = oneImage(gtBox, {0});
    const auto s = (torch::arange(100, torch::kFloat) + 1) / 200;
    const auto scores = s.view({1, 100, 1});
    const auto pd = gtBox.repeat({100, 1}).unsqueeze(0);
    const auto r = TaskAlignedAssigner(1, /*topk=*/3)(scores, pd, anc, g.labels, g.boxes, g.mask);
    QCOMPARE(r.fg_mask.sum().item<int64_t>(), int64_t{3});
    for (int k : {97, 98, 99}) {
        QVERIFY(r.fg_mask[0][k].item<bool>());
        const double expected = std::sqrt(s[k].item<double>() / s[99].item<double>());
        QVERIFY(std::abs(r.target_scores[0][k][0].item<double>() - expected) < 1e-5);
    }
    // Default topk is 10.
    const auto r10 = TaskAlignedAssigner(1)(scores, pd, anc, g.labels, g.boxes, g.mask);
    QCOMPARE(r10.fg_mask.sum().item<int64_t>(), int64_t{10});
    QVERIFY(r10.fg_mask[0].slice(0, 90, 100).all().item<bool>());
}

void TestAssigner::softScoresNormalisedByBestIou()
{
    // GT (0,0,40,40). Anchor A predicts (2,2,38,38): IoU 36^2/40^2 = 0.81; anchor B predicts
    // (5,5,35,35): IoU 0.5625; both centred on the GT with its aspect, so CIoU = IoU. Equal class
    // probabilities: t = sqrt(0.5) * IoU^6. The best anchor's target is the best IoU (0.81); B's is
    // 0.81 * t_B / t_A = 0.81 * (0.5625 / 0.81)^6.
    const auto g = oneImage(boxes({{0, 0, 40, 40}}), {0});
    const auto anc = points({{20, 20}, {12, 12}});
    const auto pd = boxes({{2, 2, 38, 38}, {5, 5, 35, 35}}).unsqueeze(0);
    const auto scores = torch::full({1, 2, 1}, 0.5);
    const auto r = TaskAlignedAssigner(1)(scores, pd, anc, g.labels, g.boxes, g.mask);
    QVERIFY(r.fg_mask.all().item<bool>());
    QVERIFY(std::abs(r.target_scores[0][0][0].item<double>() - 0.81) < 1e-5);
    QVERIFY(std::abs(r.target_scores[0][1][0].item<double>() - 0.81 * std::pow(0.5625 / 0.81, 6)) < 1e-5);
}

void TestAssigner::noGroundTruthIsAllBackground()
{
    const auto anc = points({{5, 5}, {15, 5}});
    const auto scores = torch::full({2, 2, 3}, 0.5);
    const auto pd = torch::rand({2, 2, 4});
    // M = 0: no box in the whole batch.
    const auto r = TaskAlignedAssigner(3)(scores, pd, anc, torch::zeros({2, 0, 1}), torch::zeros({2, 0, 4}),
                                          torch::zeros({2, 0, 1}));
    QCOMPARE(r.fg_mask.sizes().vec(), (std::vector<int64_t>{2, 2}));
    QVERIFY(!r.fg_mask.any().item<bool>());
    QCOMPARE(r.target_scores.sizes().vec(), (std::vector<int64_t>{2, 2, 3}));
    QCOMPARE(r.target_scores.abs().sum().item<double>(), 0.0);
    QCOMPARE(r.target_bboxes.sizes().vec(), (std::vector<int64_t>{2, 2, 4}));
    // Only padding rows (mask 0), even with coordinates that would contain the anchors.
    const auto padded = boxes({{0, 0, 20, 20}, {0, 0, 20, 20}}).view({1, 2, 4}).repeat({2, 1, 1});
    const auto r2 = TaskAlignedAssigner(3)(scores, pd, anc, torch::zeros({2, 2, 1}), padded, torch::zeros({2, 2, 1}));
    QVERIFY(!r2.fg_mask.any().item<bool>());
    QCOMPARE(r2.target_scores.abs().sum().item<double>(), 0.0);
}

void TestAssigner::paddingBelongsToNoImage()
{
    // Image 0 has GTs at x 0..10 and 20..30; image 1 only the second (row 1 is padding). Anchor 0
    // (x 5) is foreground in image 0 only.
    const auto anc = points({{5, 5}, {25, 5}});
    auto gtb = torch::zeros({2, 2, 4});
    gtb[0] = boxes({{0, 0, 10, 10}, {20, 0, 30, 10}});
    gtb[1][0] = boxes({{20, 0, 30, 10}})[0];
    const auto labels = torch::tensor({0.f, 1.f, 1.f, 0.f}).view({2, 2, 1});
    const auto mask = torch::tensor({1.f, 1.f, 1.f, 0.f}).view({2, 2, 1});
    auto pd = torch::zeros({2, 2, 4});
    pd[0] = gtb[0];
    pd[1][1] = gtb[1][0];
    const auto r = TaskAlignedAssigner(2)(torch::full({2, 2, 2}, 0.5), pd, anc, labels, gtb, mask);
    QVERIFY(torch::equal(r.fg_mask, torch::tensor({true, true, false, true}).view({2, 2})));
    QCOMPARE(r.target_gt_idx[1][1].item<int64_t>(), int64_t{0});
    QCOMPARE(r.target_labels[0][0].item<int64_t>(), int64_t{0});
    QCOMPARE(r.target_labels[0][1].item<int64_t>(), int64_t{1});
    QCOMPARE(r.target_labels[1][1].item<int64_t>(), int64_t{1});
}

void TestAssigner::matchesDenseFormulation()
{
    torch::manual_seed(7);
    const int nc = 3;
    const int64_t B = 3, M = 5;
    const std::vector<torch::Tensor> feats{torch::zeros({1, 1, 8, 8}), torch::zeros({1, 1, 4, 4})};
    const auto [grid, strides] = makeAnchors(feats, {8, 16});
    const auto anc = grid * strides;  // pixels in a 64 x 64 image
    const int64_t A = anc.size(0);
    const auto scores = torch::rand({B, A, nc});
    const auto c = anc.unsqueeze(0).repeat({B, 1, 1}) + torch::randn({B, A, 2}) * 3;
    const auto wh = torch::rand({B, A, 2}) * 30 + 4;
    const auto pd = torch::cat({c - wh / 2, c + wh / 2}, -1);
    const auto gc = torch::rand({B, M, 2}) * 64;
    const auto gwh = torch::rand({B, M, 2}) * 40 + 6;
    const auto gtb = torch::cat({gc - gwh / 2, gc + gwh / 2}, -1);
    const auto labels = torch::randint(0, nc, {B, M, 1}).to(torch::kFloat);
    auto mask = torch::ones({B, M, 1});
    mask[2].slice(0, 2, M).zero_();  // image 2 holds 2 boxes, the rest is padding
    const auto r = TaskAlignedAssigner(nc, 4)(scores, pd, anc, labels, gtb, mask);
    const auto d = denseReference(scores, pd, anc, labels, gtb, mask, nc, 4);
    QVERIFY(r.fg_mask.sum().item<int64_t>() > 10);
    QVERIFY(torch::equal(r.fg_mask, d.fg_mask));
    QVERIFY(torch::equal(r.target_gt_idx.masked_select(r.fg_mask), d.target_gt_idx.masked_select(d.fg_mask)));
    QVERIFY(torch::equal(r.target_labels.masked_select(r.fg_mask), d.target_labels.masked_select(d.fg_mask)));
    QVERIFY(torch::allclose(r.target_scores, d.target_scores, 1e-5, 1e-6));

    // The loss passes the class scores as a strided slice of the head's output: same assignment.
    const auto wide = torch::cat({torch::rand({B, A, 5}), scores}, -1);  // [B, A, 5 + nc]
    const auto strided = wide.narrow(2, 5, nc);
    QVERIFY(!strided.is_contiguous());
    const auto s = TaskAlignedAssigner(nc, 4)(strided, pd, anc, labels, gtb, mask);
    QVERIFY(torch::equal(s.fg_mask, r.fg_mask));
    QVERIFY(torch::equal(s.target_gt_idx, r.target_gt_idx));
    QVERIFY(torch::equal(s.target_scores, r.target_scores));
    // ... and as logits (the loss hands them over before the sigmoid)
    const auto l = TaskAlignedAssigner(nc, 4)(torch::logit(strided), pd, anc, labels, gtb, mask, true);
    QVERIFY(torch::equal(l.fg_mask, r.fg_mask));
    QVERIFY(torch::equal(l.target_gt_idx, r.target_gt_idx));
    QVERIFY(torch::allclose(l.target_scores, r.target_scores, 1e-5, 1e-6));
}

void TestAssigner::peakMemoryWithinEstimate()
{
    // A crowded 640 x 640 batch: 4 images, up to 60 boxes, 8400 anchors, 80 classes. The measured peak
    // must stay under peakBytes() (the figure the memory predictor uses) and not be far below it.
    torch::manual_seed(3);
    const int nc = 80;
    const int64_t B = 4, M = 60;
    const std::vector<torch::Tensor> feats{torch::zeros({1, 1, 80, 80}), torch::zeros({1, 1, 40, 40}),
                                           torch::zeros({1, 1, 20, 20})};
    const auto [grid, strides] = makeAnchors(feats, {8, 16, 32});
    const auto anc = grid * strides;
    const int64_t A = anc.size(0);
    const auto scores = torch::rand({B, A, nc});
    const auto c = anc.unsqueeze(0).repeat({B, 1, 1});
    const auto pd = torch::cat({c - 20, c + 20}, -1);
    const auto gc = torch::rand({B, M, 2}) * 640;
    const auto gwh = torch::rand({B, M, 2}) * 150 + 10;
    const auto gtb = torch::cat({gc - gwh / 2, gc + gwh / 2}, -1);
    const auto labels = torch::randint(0, nc, {B, M, 1}).to(torch::kFloat);
    auto mask = torch::ones({B, M, 1});
    mask[1].slice(0, 30, M).zero_();
    // Candidate pairs: anchor centres inside real GTs.
    const auto ax = anc.select(1, 0).view({1, 1, A}), ay = anc.select(1, 1).view({1, 1, A});
    const int64_t pairs = (ax.gt(gtb.select(2, 0).unsqueeze(-1)) & ay.gt(gtb.select(2, 1).unsqueeze(-1)) &
                           ax.lt(gtb.select(2, 2).unsqueeze(-1)) & ay.lt(gtb.select(2, 3).unsqueeze(-1)) &
                           mask.gt(0))
                              .sum()
                              .item<int64_t>();

    c10::Allocator* original = c10::GetCPUAllocator();
    static TrackingAllocator tracking;
    c10::SetCPUAllocator(&tracking, 0);
    const int64_t base = TrackingAllocator::current.load();
    TrackingAllocator::peak = base;
    int64_t peak = 0;
    {
        const auto r = TaskAlignedAssigner(nc)(scores, pd, anc, labels, gtb, mask);
        peak = TrackingAllocator::peak.load() - base;
        QVERIFY(r.fg_mask.any().item<bool>());
    }
    c10::SetCPUAllocator(original, 0);
    const int64_t estimate = TaskAlignedAssigner::peakBytes(B, M, A, nc, pairs);
    qInfo("assigner B=%lld M=%lld A=%lld nc=%d, %lld candidate pairs: peak %.1f MiB, estimate %.1f MiB, "
          "B*M*A = %.1f M elements",
          static_cast<long long>(B), static_cast<long long>(M), static_cast<long long>(A), nc,
          static_cast<long long>(pairs), peak / 1048576.0, estimate / 1048576.0, B * M * A / 1e6);
    QVERIFY(peak > 0);
    QVERIFY(peak <= estimate);
    QVERIFY(peak >= estimate * 0.6);
}

QTEST_GUILESS_MAIN(TestAssigner)
#include "test_assigner.moc"
