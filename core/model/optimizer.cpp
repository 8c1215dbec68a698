#include "model/internal/optimizer.h"

#include "model/internal/musgd.h"
#include "model/internal/yolo.h"

#include <array>
#include <set>
#include <tuple>

namespace ys {

namespace {
constexpr double kAdamBeta2 = 0.999;  // the reference's second-moment decay

bool endsWith(const std::string& s, const char* suffix)
{
    const std::string t(suffix);
    return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// MuSGD's group of one trainable parameter (before the head's offset): Ultralytics 8.4's rule (matrices and
// conv filters to Muon first, then biases, norm weights, the rest).
size_t musgdGroupOf(const std::string& name, const torch::Tensor& p)
{
    if (p.dim() == 2 || p.dim() == 4)
        return kMuonGroup;
    if (endsWith(name, ".bias"))
        return kBiasGroup;
    return p.dim() == 1 ? kNormGroup : kOtherWeightGroup;
}

std::unique_ptr<torch::optim::Optimizer> makeMuSGD(DetectionModelImpl& model, double lr, double momentum,
                                                   double weightDecay)
{
    std::set<const void*> boosted;  // the Detect head's class branches
    Detect& head = model.detect();
    for (const auto& branches : {head->cv3, head->one2one_cv3})
        if (!branches.is_empty())
            for (const auto& p : branches->parameters())
                boosted.insert(p.unsafeGetTensorImpl());
    std::array<std::vector<torch::Tensor>, 2 * kMuSGDBoostedGroups> params;
    for (const auto& item : model.named_parameters(true)) {
        const torch::Tensor& p = item.value();
        if (!p.requires_grad())
            continue;
        const size_t offset = boosted.count(p.unsafeGetTensorImpl()) ? kMuSGDBoostedGroups : 0;
        params[musgdGroupOf(item.key(), p) + offset].push_back(p);
    }
    const std::vector<GroupRole> roles = groupRoles(OptimizerKind::MuSGD);
    std::vector<torch::optim::OptimizerParamGroup> groups;
    for (size_t i = 0; i < params.size(); ++i) {
        auto o = std::make_unique<MuSGDOptions>(lr * roles[i].lrFactor);
        o->momentum(momentum).nesterov(true).weight_decay(roles[i].decay ? weightDecay : 0.0);
        o->muon(i % kMuSGDBoostedGroups == kMuonGroup);
        groups.emplace_back(params[i], std::move(o));
    }
    return std::make_unique<MuSGD>(groups, MuSGDOptions(lr).momentum(momentum));
}

}  // namespace

std::vector<GroupRole> groupRoles(OptimizerKind kind)
{
    if (kind != OptimizerKind::MuSGD)
        return {{1.0, false, kind != OptimizerKind::Adam}, {1.0, false, false}, {1.0, true, false}};
    std::vector<GroupRole> roles(2 * kMuSGDBoostedGroups);
    for (size_t i = 0; i < roles.size(); ++i) {
        const size_t g = i % kMuSGDBoostedGroups;
        roles[i].lrFactor = i >= kMuSGDBoostedGroups ? kMuSGDHeadLrFactor : 1.0;
        roles[i].bias = g == kBiasGroup;
        roles[i].decay = g == kMuonGroup || g == kOtherWeightGroup;
    }
    return roles;
}

bool autoPicksMuSGD(const ModelSpec& spec)
{
    return spec.end2end || spec.regMax == 1;
}

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(DetectionModelImpl& model, OptimizerKind kind, double lr,
                                                       double momentum, double weightDecay)
{
    if (kind == OptimizerKind::MuSGD)
        return makeMuSGD(model, lr, momentum, weightDecay);
    const auto groups = parameterGroups(model);
    const std::vector<GroupRole> roles = groupRoles(kind);
    std::vector<torch::optim::OptimizerParamGroup> pg;
    if (kind == OptimizerKind::SGD) {
        const auto options = [&](double decay) {
            return torch::optim::SGDOptions(lr).momentum(momentum).nesterov(true).weight_decay(decay);
        };
        for (size_t i = 0; i < 3; ++i)
            pg.emplace_back(groups[i],
                            std::make_unique<torch::optim::SGDOptions>(options(roles[i].decay ? weightDecay : 0.0)));
        return std::make_unique<torch::optim::SGD>(pg, options(0.0));
    }
    const auto options = [&](double decay) {
        return torch::optim::AdamWOptions(lr).betas(std::make_tuple(momentum, kAdamBeta2)).weight_decay(decay);
    };
    for (size_t i = 0; i < 3; ++i)
        pg.emplace_back(groups[i],
                        std::make_unique<torch::optim::AdamWOptions>(options(roles[i].decay ? weightDecay : 0.0)));
    return std::make_unique<torch::optim::AdamW>(pg, options(0.0));
}

void setMomentum(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double momentum)
{
    if (kind == OptimizerKind::SGD) {
        static_cast<torch::optim::SGDOptions&>(group.options()).momentum(momentum);
        return;
    }
    if (kind == OptimizerKind::MuSGD) {
        static_cast<MuSGDOptions&>(group.options()).momentum(momentum);
        return;
    }
    auto& o = static_cast<torch::optim::AdamWOptions&>(group.options());
    o.betas(std::make_tuple(momentum, std::get<1>(o.betas())));
}

void setWeightDecay(torch::optim::Optimizer& optimizer, OptimizerKind kind, double weightDecay)
{
    const std::vector<GroupRole> roles = groupRoles(kind);
    auto& groups = optimizer.param_groups();
    for (size_t i = 0; i < groups.size() && i < roles.size(); ++i) {
        if (!roles[i].decay)
            continue;
        if (kind == OptimizerKind::SGD)
            static_cast<torch::optim::SGDOptions&>(groups[i].options()).weight_decay(weightDecay);
        else if (kind == OptimizerKind::AdamW)
            static_cast<torch::optim::AdamWOptions&>(groups[i].options()).weight_decay(weightDecay);
        else if (kind == OptimizerKind::MuSGD)
            static_cast<MuSGDOptions&>(groups[i].options()).weight_decay(weightDecay);
    }
}

int64_t optimizerStateBytes(const std::vector<torch::Tensor>& params, OptimizerKind kind)
{
    int64_t bytes = 0;
    for (const auto& p : params)
        bytes += optimizerStateBuffers(kind, static_cast<int>(p.dim())) * p.numel() *
                 static_cast<int64_t>(sizeof(float));
    return bytes;
}

}  // namespace ys
