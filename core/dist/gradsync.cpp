#include "dist/internal/gradsync.h"

#include "common/internal/torcherror.h"

#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/utils/lambda_post_hook.h>
#include <torch/csrc/autograd/variable.h>
#include <torch/csrc/distributed/c10d/Work.hpp>

#include <chrono>

namespace ys::dist {

std::vector<std::vector<size_t>> planBuckets(const std::vector<int64_t>& paramBytes, int64_t bytes, int64_t firstBytes)
{
    std::vector<std::vector<size_t>> buckets;
    int64_t filled = 0;
    for (size_t k = paramBytes.size(); k-- > 0;) {
        const int64_t cap = buckets.size() <= 1 ? firstBytes : bytes;   // of buckets.back(), the one being filled
        if (buckets.empty() || (filled + paramBytes[k] > cap && !buckets.back().empty())) {
            buckets.emplace_back();
            filled = 0;
        }
        buckets.back().push_back(k);
        filled += paramBytes[k];
    }
    return buckets;
}

struct GradientSync::Impl {
    struct Bucket {
        std::vector<size_t> params;
        std::vector<int64_t> offsets;      // element offset of each parameter in `flat`
        torch::Tensor flat;
        int pending = 0;
        bool launched = false;
        c10::intrusive_ptr<c10d::Work> work;
    };

    ProcessWorld& world;
    GradSyncOptions options;
    std::vector<torch::Tensor> params;
    std::vector<std::shared_ptr<torch::autograd::Node>> accumulators;   // kept alive: they hold the hooks
    std::vector<uintptr_t> hookKeys;
    std::vector<Bucket> buckets;
    std::vector<size_t> bucketOf, slotOf;
    std::vector<bool> copied;
    size_t next = 0;        // the next bucket to launch (buckets go in order on every rank)
    bool armed = false;
    SyncStepStats stats;

    Impl(ProcessWorld& w, std::vector<torch::Tensor> p, GradSyncOptions o) : world(w), options(o), params(std::move(p)) {}

    torch::Tensor slice(const Bucket& b, size_t slot) const
    {
        const torch::Tensor& p = params[b.params[slot]];
        return b.flat.narrow(0, b.offsets[slot], p.numel()).view(p.sizes());
    }

    void copyIn(size_t index)
    {
        Bucket& b = buckets[bucketOf[index]];
        const torch::Tensor& g = params[index].grad();
        torch::Tensor s = slice(b, slotOf[index]);
        if (g.defined())
            s.copy_(g);
        else
            s.zero_();
        copied[index] = true;
        --b.pending;
    }

    void launch(Bucket& b)
    {
        std::vector<at::Tensor> t{b.flat};
        try {
            b.work = world.collectives().allreduceSum(t);
        } catch (const std::exception& e) {
            throw WorldFailure(world.explainFailure(exceptionText(e)));
        }
        b.launched = true;
        stats.bytes += b.flat.numel() * b.flat.element_size();
    }

    void launchReady()
    {
        while (next < buckets.size() && buckets[next].pending == 0) {
            launch(buckets[next]);
            ++next;
            if (armed)
                ++stats.launchedDuringBackward;
        }
    }

    // Autograd calls this after accumulating parameter `index`'s gradient (the autograd thread of its device).
    void ready(size_t index)
    {
        if (!armed || !options.overlap || copied[index])
            return;
        copyIn(index);
        launchReady();
    }

    void launchRest(bool zeros)
    {
        for (size_t k = next; k < buckets.size(); ++k) {
            Bucket& b = buckets[k];
            if (zeros) {
                b.flat.zero_();
            } else {
                for (size_t slot = 0; slot < b.params.size(); ++slot)
                    if (!copied[b.params[slot]])
                        copyIn(b.params[slot]);
            }
            b.pending = 0;
            launch(b);
        }
        next = buckets.size();
    }

    void waitAll()
    {
        for (Bucket& b : buckets)
            if (b.work) {
                auto w = std::move(b.work);
                world.wait(w);
            }
    }

    void reset()
    {
        for (Bucket& b : buckets) {
            b.pending = static_cast<int>(b.params.size());
            b.launched = false;
            b.work.reset();
        }
        std::fill(copied.begin(), copied.end(), false);
        next = 0;
        armed = false;
    }
};

GradientSync::GradientSync(ProcessWorld& world, std::vector<torch::Tensor> params, GradSyncOptions options)
    : d_(std::make_shared<Impl>(world, std::move(params), options))
{
    Impl& d = *d_;
    std::vector<int64_t> bytes;
    for (const torch::Tensor& p : d.params)
        bytes.push_back(p.numel() * p.element_size());
    const auto plan = planBuckets(bytes, options.bucketBytes, options.firstBucketBytes);
    d.bucketOf.assign(d.params.size(), 0);
    d.slotOf.assign(d.params.size(), 0);
    d.copied.assign(d.params.size(), false);
    for (size_t k = 0; k < plan.size(); ++k) {
        Impl::Bucket b;
        b.params = plan[k];
        int64_t n = 0;
        for (size_t slot = 0; slot < b.params.size(); ++slot) {
            const torch::Tensor& p = d.params[b.params[slot]];
            TORCH_CHECK(p.scalar_type() == d.params[b.params[0]].scalar_type() && p.device() == d.params[b.params[0]].device(),
                        "GradientSync: one bucket mixes dtypes or devices");
            b.offsets.push_back(n);
            d.bucketOf[b.params[slot]] = k;
            d.slotOf[b.params[slot]] = slot;
            n += p.numel();
        }
        b.flat = torch::zeros({n}, d.params[b.params[0]].options().requires_grad(false));
        b.pending = static_cast<int>(b.params.size());
        d.buckets.push_back(std::move(b));
    }
    // The hooks hold a weak pointer: a hook that outlives this object (autograd keeps nodes) does nothing.
    std::weak_ptr<Impl> weak = d_;
    for (size_t i = 0; i < d.params.size(); ++i) {
        auto acc = torch::autograd::impl::grad_accumulator(d.params[i]);
        TORCH_CHECK(acc, "GradientSync: parameter ", i, " does not require a gradient");
        d.hookKeys.push_back(acc->add_post_hook(std::make_unique<torch::autograd::utils::LambdaPostHook>(
            [weak, i](const torch::autograd::variable_list& outputs, const torch::autograd::variable_list&) {
                if (auto self = weak.lock())
                    self->ready(i);
                return outputs;
            })));
        d.accumulators.push_back(std::move(acc));
    }
}

GradientSync::~GradientSync()
{
    for (size_t i = 0; i < d_->accumulators.size(); ++i)
        d_->accumulators[i]->del_post_hook(d_->hookKeys[i]);
}

void GradientSync::arm()
{
    d_->reset();
    d_->stats = {};
    d_->stats.buckets = static_cast<int>(d_->buckets.size());
    d_->armed = true;
}

bool GradientSync::armed() const
{
    return d_->armed;
}

void GradientSync::finish()
{
    Impl& d = *d_;
    const auto t0 = std::chrono::steady_clock::now();
    d.armed = false;
    d.launchRest(false);
    d.waitAll();
    for (const auto& b : d.buckets)
        for (size_t slot = 0; slot < b.params.size(); ++slot) {
            torch::Tensor& p = d.params[b.params[slot]];
            if (p.grad().defined())
                p.mutable_grad().copy_(d.slice(b, slot));
        }
    d.stats.exposedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    d.reset();
}

void GradientSync::abandon()
{
    Impl& d = *d_;
    if (!d.armed)
        return;
    d.armed = false;
    d.launchRest(true);
    d.waitAll();
    d.reset();
}

const SyncStepStats& GradientSync::lastStep() const
{
    return d_->stats;
}

int GradientSync::bucketCount() const
{
    return static_cast<int>(d_->buckets.size());
}

}  // namespace ys::dist
