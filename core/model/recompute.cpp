// Activation checkpointing: a custom autograd function whose forward runs under no-grad and whose backward
// recomputes the block (same RNG state, same autocast, BatchNorm buffers put back) and differentiates it.
#include "model/internal/recompute.h"

#include "model/internal/amp.h"

#include <ATen/Context.h>
#include <torch/csrc/autograd/custom_function.h>

#include <cstdint>
#include <mutex>
#include <optional>

namespace ys {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// The parameters of a block that get gradients, in a fixed order (forward and backward agree on it).
std::vector<torch::Tensor> trainableParameters(const CheckpointBlock& block)
{
    std::vector<torch::Tensor> out;
    for (torch::nn::Module* m : block.modules)
        for (const torch::Tensor& p : m->parameters())
            if (p.requires_grad())
                out.push_back(p);
    return out;
}

// Puts a generator's state back when the recompute is done: the backward pass must not move the random
// stream the rest of training draws from.
class GeneratorState {
public:
    GeneratorState(at::Generator gen, const torch::Tensor& replay) : gen_(std::move(gen))
    {
        std::lock_guard<std::mutex> lock(gen_.mutex());
        saved_ = gen_.get_state();
        gen_.set_state(replay);
    }
    ~GeneratorState()
    {
        std::lock_guard<std::mutex> lock(gen_.mutex());
        gen_.set_state(saved_);
    }
    GeneratorState(const GeneratorState&) = delete;
    GeneratorState& operator=(const GeneratorState&) = delete;

private:
    at::Generator gen_;
    torch::Tensor saved_;
};

torch::Tensor generatorState(at::Generator gen)
{
    std::lock_guard<std::mutex> lock(gen.mutex());
    return gen.get_state();
}

// The block's buffers as they were before the recompute, copied back afterwards (BatchNorm in training mode
// updates its running statistics and num_batches_tracked on every forward).
class BufferRestore {
public:
    explicit BufferRestore(const CheckpointBlock& block)
    {
        torch::NoGradGuard ng;
        for (torch::nn::Module* m : block.modules)
            for (const torch::Tensor& b : m->buffers())
                if (b.defined())
                    saved_.emplace_back(b, b.clone());
    }
    ~BufferRestore()
    {
        torch::NoGradGuard ng;
        for (auto& [buffer, copy] : saved_)
            buffer.copy_(copy);
    }
    BufferRestore(const BufferRestore&) = delete;
    BufferRestore& operator=(const BufferRestore&) = delete;

private:
    std::vector<std::pair<torch::Tensor, torch::Tensor>> saved_;
};

struct CheckpointFunction : public torch::autograd::Function<CheckpointFunction> {
    // Called by apply() under no-grad: nothing the block computes is kept for a backward pass.
    static torch::Tensor forward(AutogradContext* ctx, const torch::Tensor& x, at::TensorList params,
                                 const CheckpointBlock* block)
    {
        ctx->saved_data["block"] = static_cast<int64_t>(reinterpret_cast<intptr_t>(block));
        ctx->saved_data["params"] = static_cast<int64_t>(params.size());
        ctx->saved_data["amp"] = static_cast<int64_t>(activeAutocast(x.device()));
        ctx->saved_data["cpu_rng"] = generatorState(at::detail::getDefaultCPUGenerator());
        if (!x.is_cpu())
            ctx->saved_data["device_rng"] = generatorState(at::globalContext().defaultGenerator(x.device()));
        ctx->save_for_backward({x});
        return block->run(x);
    }

    static variable_list backward(AutogradContext* ctx, variable_list grads)
    {
        const auto* block = reinterpret_cast<const CheckpointBlock*>(
            static_cast<intptr_t>(ctx->saved_data["block"].toInt()));
        const size_t paramCount = static_cast<size_t>(ctx->saved_data["params"].toInt());
        const torch::Tensor x = ctx->get_saved_variables()[0];
        const std::vector<torch::Tensor> params = trainableParameters(*block);
        TORCH_CHECK(params.size() == paramCount,
                    "activation checkpointing: the block's trainable parameters changed between forward and backward");
        variable_list out(2 + paramCount);   // x, each parameter, and the block pointer (no gradient)
        if (!grads[0].defined())
            return out;

        torch::Tensor input = x.detach();
        input.requires_grad_(x.requires_grad());
        torch::Tensor y;
        {
            GeneratorState cpuRng(at::detail::getDefaultCPUGenerator(), ctx->saved_data["cpu_rng"].toTensor());
            std::optional<GeneratorState> deviceRng;
            if (!x.is_cpu())
                deviceRng.emplace(at::globalContext().defaultGenerator(x.device()),
                                  ctx->saved_data["device_rng"].toTensor());
            BufferRestore buffers(*block);
            torch::AutoGradMode gradOn(true);
            AutocastGuard autocast(static_cast<AmpMode>(ctx->saved_data["amp"].toInt()), x.device());
            y = block->run(input);
        }
        std::vector<torch::Tensor> inputs;
        if (input.requires_grad())
            inputs.push_back(input);
        inputs.insert(inputs.end(), params.begin(), params.end());
        const variable_list g = torch::autograd::grad({y}, inputs, {grads[0]}, /*retain_graph=*/false,
                                                      /*create_graph=*/false, /*allow_unused=*/true);
        size_t k = 0;
        if (input.requires_grad())
            out[0] = g[k++];
        for (size_t i = 0; i < paramCount; ++i)
            out[1 + i] = g[k++];
        return out;
    }
};

}  // namespace

torch::Tensor checkpointed(const CheckpointBlock& block, const torch::Tensor& x)
{
    const std::vector<torch::Tensor> params = trainableParameters(block);
    return CheckpointFunction::apply(x, at::TensorList(params), &block);
}

}  // namespace ys
