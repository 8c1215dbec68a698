#pragma once
// A small ONNX interpreter on LibTorch, written from the ONNX operator specification (opsets 11-17) for the
// ops detection graphs use. The export tests run what OpenCV 4.6 cannot (dynamic shapes, float16 files, the
// end-to-end top-k: TopK, GatherElements) and check that each graph means what LibTorch computes, independent
// of OpenCV's own reading of it. float16 values are computed in float32 (LibTorch's CPU convolutions have no
// float16).

#include "onnx/model.h"

#include <torch/torch.h>

#include <map>
#include <stdexcept>
#include <string>

namespace ys::test {

inline torch::Tensor tensorOf(const onnx::TensorData& t)
{
    std::vector<int64_t> dims = t.dims;
    switch (t.type) {
    case onnx::ElemType::Float:
    case onnx::ElemType::Float16: {
        auto v = t.floats();
        return torch::from_blob(v.data(), dims, torch::kFloat).clone();
    }
    case onnx::ElemType::Int64: {
        auto v = t.int64s();
        return torch::from_blob(v.data(), dims, torch::kLong).clone();
    }
    default: throw std::runtime_error("onnxeval: initializer type " + std::to_string(int(t.type)));
    }
}

// Runs `m` on `inputs` (by name); returns every value by name (the graph outputs among them).
inline std::map<std::string, torch::Tensor> runOnnx(const onnx::Model& m,
                                                   const std::map<std::string, torch::Tensor>& inputs)
{
    using onnx::Attribute;
    std::map<std::string, torch::Tensor> v(inputs.begin(), inputs.end());
    for (const auto& t : m.graph.initializers)
        v[t.name] = tensorOf(t);
    auto in = [&](const onnx::Node& n, size_t i) -> torch::Tensor {
        if (i >= n.inputs.size() || n.inputs[i].empty())
            return {};
        auto it = v.find(n.inputs[i]);
        if (it == v.end())
            throw std::runtime_error("onnxeval: " + n.name + " reads undefined " + n.inputs[i]);
        return it->second;
    };
    auto ints = [](const onnx::Node& n, const char* name, std::vector<int64_t> fallback) {
        const Attribute* a = n.attribute(name);
        return a ? a->ints : fallback;
    };
    auto intOf = [](const onnx::Node& n, const char* name, int64_t fallback) {
        const Attribute* a = n.attribute(name);
        return a ? a->i : fallback;
    };
    auto strOf = [](const onnx::Node& n, const char* name, std::string fallback) {
        const Attribute* a = n.attribute(name);
        return a ? a->s : fallback;
    };
    auto listOf = [](const torch::Tensor& t) {
        std::vector<int64_t> out;
        const torch::Tensor c = t.to(torch::kLong).flatten().contiguous();
        for (int64_t i = 0; i < c.numel(); ++i)
            out.push_back(c[i].item<int64_t>());
        return out;
    };
    auto axisOf = [](int64_t axis, int64_t rank) { return axis < 0 ? axis + rank : axis; };
    for (const onnx::Node& n : m.graph.nodes) {
        const std::string& op = n.opType;
        std::vector<torch::Tensor> out;
        if (op == "Conv") {
            auto pads = ints(n, "pads", {0, 0, 0, 0});
            if (pads[0] != pads[2] || pads[1] != pads[3])
                throw std::runtime_error("onnxeval: asymmetric pads");
            out.push_back(torch::conv2d(in(n, 0), in(n, 1), in(n, 2), ints(n, "strides", {1, 1}), {pads[0], pads[1]},
                                        ints(n, "dilations", {1, 1}), intOf(n, "group", 1)));
        } else if (op == "Sigmoid") {
            out.push_back(torch::sigmoid(in(n, 0)));
        } else if (op == "Mul" || op == "Add" || op == "Sub" || op == "Div") {
            auto a = in(n, 0), b = in(n, 1);
            if (op == "Div" && !a.is_floating_point())   // integer division truncates
                out.push_back(torch::div(a, b, "trunc"));
            else
                out.push_back(op == "Mul" ? a * b : op == "Add" ? a + b : op == "Sub" ? a - b : a / b);
        } else if (op == "Mod") {
            if (intOf(n, "fmod", 0) != 0)
                throw std::runtime_error("onnxeval: only Mod with fmod 0");
            out.push_back(torch::remainder(in(n, 0), in(n, 1)));   // the divisor's sign, as Python's %
        } else if (op == "ReduceMax") {
            auto x = in(n, 0);
            std::vector<int64_t> axes = ints(n, "axes", {});
            for (auto& a : axes)
                a = axisOf(a, x.dim());
            out.push_back(torch::amax(x, axes, intOf(n, "keepdims", 1) != 0));
        } else if (op == "ArgMax") {   // the first index among equal values (select_last_index 0)
            if (intOf(n, "select_last_index", 0) != 0)
                throw std::runtime_error("onnxeval: only ArgMax with select_last_index 0");
            auto x = in(n, 0);
            out.push_back(torch::argmax(x, axisOf(intOf(n, "axis", 0), x.dim()), intOf(n, "keepdims", 1) != 0));
        } else if (op == "TopK") {   // the first index first among equal values (the spec's order)
            auto x = in(n, 0);
            const int64_t axis = axisOf(intOf(n, "axis", -1), x.dim()), k = listOf(in(n, 1)).at(0);
            if (intOf(n, "sorted", 1) == 0)
                throw std::runtime_error("onnxeval: only sorted TopK");
            const bool largest = intOf(n, "largest", 1) != 0;
            auto order = torch::sort(x, /*stable=*/true, axis, /*descending=*/largest);
            out.push_back(std::get<0>(order).narrow(axis, 0, k).contiguous());
            out.push_back(std::get<1>(order).narrow(axis, 0, k).contiguous());
        } else if (op == "GatherElements") {
            auto x = in(n, 0);
            out.push_back(torch::gather(x, axisOf(intOf(n, "axis", 0), x.dim()), in(n, 1)));
        } else if (op == "Concat") {
            std::vector<torch::Tensor> xs;
            for (size_t i = 0; i < n.inputs.size(); ++i)
                xs.push_back(in(n, i));
            out.push_back(torch::cat(xs, axisOf(intOf(n, "axis", 0), xs[0].dim())));
        } else if (op == "Split") {
            auto x = in(n, 0);
            const int64_t axis = axisOf(intOf(n, "axis", 0), x.dim());
            std::vector<int64_t> sizes;
            if (m.opset < 13)
                sizes = ints(n, "split", {});
            else if (in(n, 1).defined())
                sizes = listOf(in(n, 1));
            if (sizes.empty())
                sizes.assign(n.outputs.size(), x.size(axis) / static_cast<int64_t>(n.outputs.size()));
            out = x.split_with_sizes(sizes, axis);
        } else if (op == "Slice") {
            auto x = in(n, 0);
            auto starts = listOf(in(n, 1)), ends = listOf(in(n, 2));
            std::vector<int64_t> axes = in(n, 3).defined() ? listOf(in(n, 3)) : std::vector<int64_t>{};
            if (axes.empty())
                for (size_t i = 0; i < starts.size(); ++i)
                    axes.push_back(static_cast<int64_t>(i));
            for (size_t i = 0; i < starts.size(); ++i) {
                const int64_t ax = axisOf(axes[i], x.dim()), size = x.size(ax);
                const int64_t s = std::clamp(starts[i] < 0 ? starts[i] + size : starts[i], int64_t(0), size);
                const int64_t e = std::clamp(ends[i] < 0 ? ends[i] + size : ends[i], int64_t(0), size);
                x = x.slice(ax, s, e);
            }
            out.push_back(x);
        } else if (op == "MaxPool" || op == "AveragePool") {
            auto pads = ints(n, "pads", {0, 0, 0, 0});
            const bool ceil = intOf(n, "ceil_mode", 0) != 0;
            if (op == "MaxPool")
                out.push_back(torch::max_pool2d(in(n, 0), ints(n, "kernel_shape", {}), ints(n, "strides", {1, 1}),
                                                {pads[0], pads[1]}, {1, 1}, ceil));
            else
                out.push_back(torch::avg_pool2d(in(n, 0), ints(n, "kernel_shape", {}), ints(n, "strides", {1, 1}),
                                                {pads[0], pads[1]}, ceil, intOf(n, "count_include_pad", 0) != 0));
        } else if (op == "Resize") {
            auto x = in(n, 0);
            if (strOf(n, "mode", "nearest") != "nearest" ||
                strOf(n, "coordinate_transformation_mode", "half_pixel") != "asymmetric" ||
                strOf(n, "nearest_mode", "round_prefer_floor") != "floor")
                throw std::runtime_error("onnxeval: only nearest/asymmetric/floor Resize");
            std::vector<double> scales;
            std::vector<int64_t> sizes;
            if (in(n, 2).defined() && in(n, 2).numel() > 0) {
                auto s = in(n, 2).to(torch::kDouble).contiguous();
                for (int64_t i = 0; i < s.numel(); ++i) {
                    scales.push_back(s[i].item<double>());
                    sizes.push_back(static_cast<int64_t>(std::floor(x.size(i) * scales.back())));
                }
            } else {
                sizes = listOf(in(n, 3));
                for (int64_t i = 0; i < x.dim(); ++i)
                    scales.push_back(double(sizes[size_t(i)]) / double(x.size(i)));
            }
            for (int64_t ax = 0; ax < x.dim(); ++ax) {
                if (sizes[size_t(ax)] == x.size(ax))
                    continue;
                auto idx = torch::floor(torch::arange(sizes[size_t(ax)], torch::kDouble) / scales[size_t(ax)])
                               .clamp_max(x.size(ax) - 1)
                               .to(torch::kLong);
                x = x.index_select(ax, idx);
            }
            out.push_back(x);
        } else if (op == "Reshape") {
            auto x = in(n, 0);
            auto shape = listOf(in(n, 1));
            for (size_t i = 0; i < shape.size(); ++i)
                if (shape[i] == 0)
                    shape[i] = x.size(static_cast<int64_t>(i));
            out.push_back(x.reshape(shape));
        } else if (op == "Transpose") {
            out.push_back(in(n, 0).permute(ints(n, "perm", {})));
        } else if (op == "Softmax") {
            auto x = in(n, 0);
            const int64_t axis = axisOf(intOf(n, "axis", m.opset < 13 ? 1 : -1), x.dim());
            if (m.opset < 13) {   // coerced to 2-D [prod(dims[:axis]), prod(dims[axis:])], softmax per row
                const auto sizes = x.sizes().vec();
                int64_t outer = 1;
                for (int64_t i = 0; i < axis; ++i)
                    outer *= sizes[size_t(i)];
                out.push_back(x.reshape({outer, -1}).softmax(1).reshape(sizes));
            } else {
                out.push_back(x.softmax(axis));
            }
        } else if (op == "MatMul") {
            out.push_back(torch::matmul(in(n, 0), in(n, 1)));
        } else if (op == "Shape") {
            out.push_back(torch::tensor(in(n, 0).sizes().vec(), torch::kLong));
        } else if (op == "Gather") {
            auto x = in(n, 0), idx = in(n, 1);
            const int64_t axis = axisOf(intOf(n, "axis", 0), x.dim());
            auto sizes = x.sizes().vec();
            std::vector<int64_t> shape(sizes.begin(), sizes.begin() + axis);
            for (int64_t d : idx.sizes())
                shape.push_back(d);
            shape.insert(shape.end(), sizes.begin() + axis + 1, sizes.end());
            out.push_back(x.index_select(axis, idx.flatten()).reshape(shape));
        } else if (op == "Cast") {
            const int64_t to = intOf(n, "to", 1);
            out.push_back(in(n, 0).to(to == 7 ? torch::kLong : torch::kFloat));   // 1 float, 10 float16 -> float32
        } else if (op == "Range") {
            auto s = in(n, 0), l = in(n, 1), d = in(n, 2);
            out.push_back(torch::arange(s.item<double>(), l.item<double>(), d.item<double>(), s.options()));
        } else if (op == "Expand") {
            auto x = in(n, 0);
            auto shape = listOf(in(n, 1));
            std::vector<int64_t> target(std::max<size_t>(shape.size(), size_t(x.dim())), 1);
            for (size_t i = 0; i < target.size(); ++i) {
                const int64_t a = i + x.dim() >= target.size() ? x.size(int64_t(i + x.dim() - target.size())) : 1;
                const int64_t b = i + shape.size() >= target.size() ? shape[i + shape.size() - target.size()] : 1;
                target[i] = std::max(a, b);
            }
            out.push_back(x.expand(target).contiguous());
        } else {
            throw std::runtime_error("onnxeval: op " + op + " is not implemented");
        }
        if (out.size() != n.outputs.size())
            throw std::runtime_error("onnxeval: " + n.name + " made " + std::to_string(out.size()) + " outputs");
        for (size_t i = 0; i < out.size(); ++i)
            v[n.outputs[i]] = out[i];
    }
    return v;
}

}  // namespace ys::test
