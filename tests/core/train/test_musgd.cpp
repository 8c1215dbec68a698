// MuSGD (model/internal/musgd.h): the Newton-Schulz orthogonalisation, a step against Ultralytics 8.4's optim/muon.py
// on the same numbers, the parameter groups makeOptimizer builds for it, the fit's count of its state, and a
// checkpoint that resumes it exactly. The oracle numbers come from tests/data/optimizer/musgd_oracle.py.
#include "common/trainrules.h"
#include "model/internal/musgd.h"
#include "model/internal/optimizer.h"
#include "model/internal/spec.h"
#include "model/internal/yolo.h"
#include "train/internal/checkpoint.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

using namespace ys;

namespace {

// Deterministic values the oracle script computes identically: f(0.37 i + 0.23 i² + k) for element i (full rank).
torch::Tensor fill(std::vector<int64_t> shape, double k, double (*f)(double))
{
    torch::Tensor t = torch::empty(shape, torch::kFloat32);
    auto* d = t.data_ptr<float>();
    for (int64_t i = 0; i < t.numel(); ++i)
        d[i] = static_cast<float>(f(0.37 * static_cast<double>(i) + 0.23 * static_cast<double>(i * i) + k));
    return t;
}

double sinOf(double x) { return std::sin(x); }
double cosOf(double x) { return std::cos(x); }

ModelSpec specOf(const std::string& model, int nc)
{
    auto s = loadModelSpec(model, nc);
    if (!s)
        qFatal("loadModelSpec(%s): %s", model.c_str(), s.error().toString().c_str());
    return *s;
}

// Deterministic gradients for every parameter with the given step's values.
void setGradients(DetectionModelImpl& model, int step)
{
    int k = 0;
    for (auto& p : model.parameters())
        if (p.requires_grad())
            p.mutable_grad() = fill(p.sizes().vec(), 0.1 * ++k + step, cosOf).mul_(0.05);
}

// Largest difference of `p` from the oracle's values.
double maxDiff(const torch::Tensor& p, const std::vector<float>& ref)
{
    return (p.detach().flatten() - torch::tensor(ref)).abs().max().item<double>();
}

}  // namespace

class TestMuSGD : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The quintic iteration leaves every singular value of a random matrix in about [0.5, 1.5], tall
    // (transposed inside) and wide alike, and keeps the shape.
    void newtonSchulzIsNearlyOrthogonal()
    {
        torch::manual_seed(0);
        const torch::Tensor g = torch::randn({64, 32});
        for (const torch::Tensor& m : {g, g.t().contiguous()}) {
            const torch::Tensor x = newtonSchulz5(m);
            QCOMPARE(x.sizes(), m.sizes());
            QCOMPARE(x.scalar_type(), torch::kBFloat16);
            const torch::Tensor s = torch::linalg_svdvals(x.to(torch::kFloat32));
            QVERIFY2(s.min().item<double>() > 0.5 && s.max().item<double>() < 1.5,
                     qPrintable(QString("singular values %1..%2")
                                    .arg(s.min().item<double>())
                                    .arg(s.max().item<double>())));
        }
        // Normalising alone would not do: G / |G| has every singular value below 0.5.
        QVERIFY(torch::linalg_svdvals(g / g.norm()).max().item<double>() < 0.5);
    }

    // Two steps on a 4x3 matrix (transposed, scaled by sqrt(4/3)), a 2x3x2x2 conv filter (Muon + SGD with weight
    // decay) and a bias (SGD) give what Ultralytics 8.4's MuSGD(muon=0.2, sgd=1.0) gives on the same numbers. Oracle:
    // its optim/muon.py under python3-torch 1.13 with Newton-Schulz in float64 (its bf16 matmuls on that CPU build
    // round coarser than LibTorch 2.11's: 2.4e-4 from float64 here, ours 7e-5). A missing sqrt(4/3) is 3.5e-4.
    void stepMatchesTheReference()
    {
        torch::Tensor w = fill({4, 3}, 0.1, sinOf).requires_grad_();
        torch::Tensor c = fill({2, 3, 2, 2}, 0.5, cosOf).requires_grad_();
        torch::Tensor b = fill({2}, 0.9, sinOf).requires_grad_();
        std::vector<torch::optim::OptimizerParamGroup> groups;
        auto muon = std::make_unique<MuSGDOptions>(0.01);
        muon->momentum(0.9).weight_decay(5e-4).muon(true);
        groups.emplace_back(std::vector<torch::Tensor>{w, c}, std::move(muon));
        auto plain = std::make_unique<MuSGDOptions>(0.02);
        plain->momentum(0.9);
        groups.emplace_back(std::vector<torch::Tensor>{b}, std::move(plain));
        MuSGD opt(groups, MuSGDOptions(0.01));
        for (int step = 0; step < 2; ++step) {
            w.mutable_grad() = fill({4, 3}, 1.3 + step, cosOf).mul_(0.1);
            c.mutable_grad() = fill({2, 3, 2, 2}, 2.1 + step, cosOf).mul_(0.1);
            b.mutable_grad() = fill({2}, 0.4 + step, cosOf).mul_(0.1);
            opt.step();
        }
        const std::vector<float> wRef = {0.100522585f,  0.64878428f,    0.988474488f, -0.139921889f,
                                         -0.859597802f, 0.994640172f,   -0.929567397f, 0.990606844f,
                                         -0.882270336f, -0.0691008717f, 1.00199664f,  0.555038989f};
        const std::vector<float> cRef = {0.882090747f,  0.459253848f,  -0.552708745f, -0.86321187f,  0.810882509f,
                                         -0.239058137f, -0.000754840323f, -0.216461197f, 0.782716215f, -0.896503389f,
                                         -0.472896278f, 0.55926162f,   0.939511597f,  0.983751714f,  0.884618521f,
                                         0.319615394f,  -0.780316949f, -0.543001711f, 1.00232995f,   -0.853879333f,
                                         0.806345284f,  -0.968408108f, 0.84143585f,   0.295078248f};
        const std::vector<float> bRef = {0.777688861f, 0.996147931f};
        QVERIFY(maxDiff(w, wRef) < 1.5e-4);
        QVERIFY(maxDiff(c, cRef) < 1.5e-4);
        QVERIFY(maxDiff(b, bRef) < 1e-6);  // plain SGD: no bf16
        // Both buffers of a muon parameter, one of the others.
        const auto& sw = static_cast<MuSGDParamState&>(*opt.state().at(w.unsafeGetTensorImpl()));
        QVERIFY(sw.momentum_buffer().defined() && sw.sgd_momentum_buffer().defined());
        const auto& sb = static_cast<MuSGDParamState&>(*opt.state().at(b.unsafeGetTensorImpl()));
        QVERIFY(sb.momentum_buffer().defined() && !sb.sgd_momentum_buffer().defined());
    }

    // The same two steps of the matrix by hand, with newtonSchulz5 for the orthogonalisation: the Muon EMA and its
    // Nesterov look-ahead, lr x 0.2 x sqrt(rows / cols), then SGD with Nesterov from the second buffer, its weight
    // decay on the weights the Muon step left.
    void stepIsTheHandComputation()
    {
        const double lr = 0.01, beta = 0.9, wd = 5e-4;
        torch::Tensor w = fill({4, 3}, 0.1, sinOf).requires_grad_();
        std::vector<torch::optim::OptimizerParamGroup> groups;
        auto o = std::make_unique<MuSGDOptions>(lr);
        o->momentum(beta).weight_decay(wd).muon(true);
        groups.emplace_back(std::vector<torch::Tensor>{w}, std::move(o));
        MuSGD opt(groups, MuSGDOptions(lr));
        torch::Tensor p = w.detach().clone(), m1 = torch::zeros({4, 3}), m2 = torch::zeros({4, 3});
        for (int step = 0; step < 2; ++step) {
            const torch::Tensor g = fill({4, 3}, 1.3 + step, cosOf).mul_(0.1);
            w.mutable_grad() = g.clone();
            opt.step();
            m1.mul_(beta).add_(g, 1 - beta);
            const torch::Tensor u = m1.mul(beta).add_(g, 1 - beta);
            p.add_(newtonSchulz5(u), -lr * 0.2 * std::sqrt(4.0 / 3.0));
            const torch::Tensor d = g.add(p, wd);
            m2.mul_(beta).add_(d);
            p.add_(d.add(m2, beta), -lr);
        }
        const double diff = (w.detach() - p).abs().max().item<double>();
        QVERIFY2(diff < 1e-7, qPrintable(QString::number(diff, 'g', 3)));
    }

    // Ultralytics 8.4's groups: every 2-D/4-D parameter in a Muon group with weight decay, norm weights and biases
    // in theirs, the Detect head's class branches (cv3 and one2one_cv3) in copies at 3 x lr0: eight groups that
    // hold every trainable parameter once. SGD keeps its three.
    void groupsOfAYolo26Model()
    {
        const ModelSpec spec = specOf("yolo26n.yaml", 3);
        QVERIFY(autoPicksMuSGD(spec));
        QVERIFY(!autoPicksMuSGD(specOf("yolov8n.yaml", 3)));
        DetectionModel model(spec);
        const double lr = 0.01, wd = 5e-4;
        auto opt = makeOptimizer(*model, OptimizerKind::MuSGD, lr, 0.9, wd);
        auto& groups = opt->param_groups();
        QCOMPARE(groups.size(), size_t(8));
        std::set<const void*> head;
        for (const auto& p : model->detect()->cv3->parameters())
            head.insert(p.unsafeGetTensorImpl());
        for (const auto& p : model->detect()->one2one_cv3->parameters())
            head.insert(p.unsafeGetTensorImpl());
        std::set<const void*> seen;
        for (size_t i = 0; i < groups.size(); ++i) {
            const auto& o = static_cast<const MuSGDOptions&>(groups[i].options());
            const bool boosted = i >= kMuSGDBoostedGroups;
            QCOMPARE(o.lr(), boosted ? 3 * lr : lr);
            QCOMPARE(o.muon(), i % kMuSGDBoostedGroups == kMuonGroup);
            QCOMPARE(o.weight_decay(), groupRoles(OptimizerKind::MuSGD)[i].decay ? wd : 0.0);
            QCOMPARE(o.nesterov(), true);
            for (const auto& p : groups[i].params()) {
                QVERIFY(seen.insert(p.unsafeGetTensorImpl()).second);
                QCOMPARE(head.count(p.unsafeGetTensorImpl()) == 1, boosted);
                if (o.muon())
                    QVERIFY(p.dim() == 2 || p.dim() == 4);
                else
                    QVERIFY(p.dim() != 2 && p.dim() != 4);
            }
        }
        QCOMPARE(static_cast<int64_t>(seen.size()), static_cast<int64_t>(model->parameters().size()));
        // Ultralytics 8.4's build_optimizer on yolo26n.yaml with nc=3: (tensors, numbers) per group, in our order.
        const std::vector<std::pair<size_t, int64_t>> reference = {{96, 2391344}, {90, 7448}, {96, 7472}, {0, 0},
                                                                   {30, 94592},   {24, 2048}, {30, 2066}, {0, 0}};
        for (size_t i = 0; i < groups.size(); ++i) {
            int64_t numbers = 0;
            for (const auto& p : groups[i].params())
                numbers += p.numel();
            QCOMPARE(groups[i].params().size(), reference[i].first);
            QCOMPARE(numbers, reference[i].second);
        }
        QVERIFY(!groups[kMuonGroup].params().empty() && !groups[kMuSGDBoostedGroups + kMuonGroup].params().empty());
        QVERIFY(!groups[kBiasGroup].params().empty() && !groups[kNormGroup].params().empty());
        QCOMPARE(makeOptimizer(*model, OptimizerKind::SGD, lr, 0.9, wd)->param_groups().size(), size_t(3));
        // The warmup and schedule read the same roles.
        const auto roles = groupRoles(OptimizerKind::MuSGD);
        QCOMPARE(roles[kBiasGroup].bias && roles[kMuSGDBoostedGroups + kBiasGroup].bias, true);
        QCOMPARE(roles[kMuSGDBoostedGroups].lrFactor, 3.0);
    }

    // The fit's state count: two buffers for each 2-D/4-D parameter, one for the rest, as the optimizer holds
    // after a step; the Newton-Schulz temporaries are at least the largest batch of same-width matrices in bf16.
    void stateBytesAreWhatTheStepHolds()
    {
        QCOMPARE(optimizerStateBuffers(OptimizerKind::MuSGD, 4), 2);
        QCOMPARE(optimizerStateBuffers(OptimizerKind::MuSGD, 2), 2);
        QCOMPARE(optimizerStateBuffers(OptimizerKind::MuSGD, 1), 1);
        QCOMPARE(optimizerStateBuffers(OptimizerKind::SGD, 1), 1);
        QCOMPARE(optimizerStateBuffers(OptimizerKind::AdamW, 4), 2);
        DetectionModel model(specOf("yolo26n.yaml", 3));
        auto opt = makeOptimizer(*model, OptimizerKind::MuSGD, 0.01, 0.9, 5e-4);
        setGradients(*model, 0);
        opt->step();
        int64_t held = 0;
        std::vector<torch::Tensor> params, matrices;
        for (const auto& g : opt->param_groups())
            for (const auto& p : g.params()) {
                params.push_back(p);
                if (p.dim() == 2 || p.dim() == 4)
                    matrices.push_back(p);
                const auto& s = static_cast<MuSGDParamState&>(*opt->state().at(p.unsafeGetTensorImpl()));
                for (const torch::Tensor& t : {s.momentum_buffer(), s.sgd_momentum_buffer()})
                    if (t.defined())
                        held += t.numel() * static_cast<int64_t>(t.element_size());
            }
        QCOMPARE(optimizerStateBytes(params, OptimizerKind::MuSGD), held);
        QVERIFY(optimizerStateBytes(params, OptimizerKind::MuSGD) > optimizerStateBytes(params, OptimizerKind::SGD));
        // 3x3 convs of one fan-in (9 x c) share a batch: its Newton-Schulz products outweigh what any one
        // parameter's step holds (its decayed gradient and update in float32).
        int64_t largest = 0;
        for (const auto& p : matrices)
            largest = std::max<int64_t>(largest, p.numel());
        const int64_t temps = muonStepTemporaryBytes(matrices);
        QVERIFY2(temps > 2 * 4 * largest,
                 qPrintable(QString("temporaries %1 B, largest filter %2").arg(temps).arg(largest)));
        // 16 matrices 64 x 64 in one batch: X, A = XXᵀ and the polynomial (or X, it and the new X), each 16 x 64 x 64
        // bf16.
        const std::vector<torch::Tensor> same(16, torch::zeros({64, 64}));
        QCOMPARE(muonStepTemporaryBytes(same), int64_t(3 * 16 * 64 * 64 * 2));
    }

    // A run killed after a step resumes exactly: save -> load -> step equals the uninterrupted step, both
    // momentum buffers and the groups' settings included.
    void checkpointResumesExactly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = (dir.path() + "/last.pt").toStdString();
        const ModelSpec spec = specOf("yolo26n.yaml", 2);
        DetectionModel a(spec);
        auto optA = makeOptimizer(*a, OptimizerKind::MuSGD, 0.01, 0.9, 5e-4);
        setGradients(*a, 0);
        optA->step();
        optA->param_groups()[kMuonGroup].options().set_lr(0.007);  // as warmup leaves it
        CheckpointMeta meta;
        meta.optimizerName = "MuSGD";
        meta.modelYaml = modelYamlText(spec);
        meta.modelName = "yolo26n.yaml";
        meta.names = {"a", "b"};
        QVERIFY(!saveCheckpoint(path, meta, &a, nullptr, optA.get()));
        setGradients(*a, 1);
        optA->step();

        auto loaded = loadCheckpoint(path, torch::kCPU);
        QVERIFY2(loaded.ok(), loaded ? "" : loaded.error().message.c_str());
        DetectionModel b = loaded->model;
        auto optB = makeOptimizer(*b, OptimizerKind::MuSGD, 0.01, 0.9, 5e-4);
        QVERIFY(!loadOptimizerState(path, *optB, torch::kCPU));
        QCOMPARE(optB->param_groups()[kMuonGroup].options().get_lr(), 0.007);
        setGradients(*b, 1);
        optB->step();
        const auto pa = a->parameters(), pb = b->parameters();
        QCOMPARE(pa.size(), pb.size());
        for (size_t i = 0; i < pa.size(); ++i)
            QVERIFY2(torch::equal(pa[i], pb[i]), qPrintable(QString("parameter %1 differs").arg(i)));
    }
};

QTEST_GUILESS_MAIN(TestMuSGD)
#include "test_musgd.moc"
