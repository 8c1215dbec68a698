// Model YAML parsing and resolution (Ultralytics v8 layout). Torch-free on purpose: it is the part that
// meets user input, and it works out every shape so that module construction cannot fail later.
#include "model/internal/spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace ys {
namespace {

// Sanity limits: far above any published YOLO, low enough that a typo cannot allocate gigabytes.
constexpr int kMaxChannels = 4096;
constexpr int kMaxRepeats = 64;
constexpr int kMaxKernel = 15;
constexpr int kMaxStride = 8;
constexpr int kMaxLayers = 1000;
constexpr double kMaxMultiple = 8.0;
constexpr int kMaxClasses = 100000;
constexpr int64_t kMaxTotalStride = 1024;
constexpr int64_t kMaxParams = 1'000'000'000;  // 4 GB of fp32 weights; the largest YOLOv8 has 68 M

struct ParseError {
    Error error;
};

[[noreturn]] void fail(const std::string& code, const std::string& message, const std::string& file,
                       const YAML::Mark& mark)
{
    Error e;
    e.code = code;
    e.message = message;
    e.file = file;
    if (mark.line >= 0) {
        e.line = mark.line + 1;
        e.column = mark.column + 1;
    }
    throw ParseError{std::move(e)};
}

bool parseInt(const std::string& s, int64_t& out)
{
    if (s.empty())
        return false;
    const char* b = s.data();
    const char* end = s.data() + s.size();
    if (*b == '+')
        ++b;
    auto [ptr, ec] = std::from_chars(b, end, out);
    return ec == std::errc() && ptr == end;
}

bool parseFloat(const std::string& s, double& out)
{
    if (s.empty())
        return false;
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && std::isfinite(out);
}

ModelArg evalArg(const YAML::Node& n, int nc, const std::string& file, int depth = 0)
{
    ModelArg a;
    if (depth > 4)
        fail("model.bad_args", "arguments are nested too deeply", file, n.Mark());
    if (!n.IsDefined() || n.IsNull())
        return a;
    if (n.IsSequence()) {
        a.type = ModelArg::Type::List;
        for (const auto& item : n)
            a.list.push_back(evalArg(item, nc, file, depth + 1));
        return a;
    }
    if (n.IsMap())
        fail("model.bad_args", "an argument is a mapping; expected a number, True/False, None or a string", file,
             n.Mark());
    const std::string s = n.Scalar();
    const bool quoted = n.Tag() == "!";
    if (!quoted) {
        if (s == "nc") {
            a.type = ModelArg::Type::Int;
            a.i = nc;
            a.isNc = true;
            return a;
        }
        if (s == "None" || s == "null" || s == "~")
            return a;
        if (s == "True" || s == "true") {
            a.type = ModelArg::Type::Bool;
            a.b = true;
            return a;
        }
        if (s == "False" || s == "false") {
            a.type = ModelArg::Type::Bool;
            return a;
        }
        if (parseInt(s, a.i)) {
            a.type = ModelArg::Type::Int;
            return a;
        }
        if (parseFloat(s, a.f)) {
            a.type = ModelArg::Type::Float;
            return a;
        }
    }
    a.type = ModelArg::Type::String;
    a.s = s;
    return a;
}

int makeDivisible(double x, int divisor) { return static_cast<int>(std::ceil(x / divisor)) * divisor; }

// Python's round(): halves go to the even neighbour (the default FP rounding mode).
int pyRound(double x) { return static_cast<int>(std::nearbyint(x)); }

int64_t convParams(int64_t c1, int64_t c2, int64_t k, int64_t g = 1)
{
    return c2 * (c1 / g) * k * k + 2 * c2;  // conv weight (no bias) + BatchNorm weight and bias
}

class SpecParser {
public:
    SpecParser(std::string file, int ncOverride, char scaleHint)
        : file_(std::move(file)), ncOverride_(ncOverride), scaleHint_(scaleHint)
    {
    }

    ModelSpec parse(const std::string& text);

private:
    // Reads argument `idx` of `row` as an int, with a default when absent/None.
    int64_t intArg(const LayerSpec& L, const YAML::Node& argsNode, size_t idx, int64_t def, int64_t lo, int64_t hi,
                   const char* what) const
    {
        if (idx >= L.args.size() || L.args[idx].type == ModelArg::Type::None)
            return def;
        const ModelArg& a = L.args[idx];
        int64_t v = 0;
        if (a.type == ModelArg::Type::Int)
            v = a.i;
        else if (a.type == ModelArg::Type::Float && a.f == std::floor(a.f) && std::fabs(a.f) < 1e9)
            v = static_cast<int64_t>(a.f);
        else
            fail("model.bad_args",
                 L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be an integer, got " +
                     a.repr(),
                 file_, argsNode.Mark());
        if (v < lo || v > hi)
            fail("model.bad_args",
                 L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be in " +
                     std::to_string(lo) + ".." + std::to_string(hi) + ", got " + std::to_string(v),
                 file_, argsNode.Mark());
        return v;
    }

    bool boolArg(const LayerSpec& L, const YAML::Node& argsNode, size_t idx, bool def, const char* what) const
    {
        if (idx >= L.args.size())
            return def;
        const ModelArg& a = L.args[idx];
        if (a.type == ModelArg::Type::Bool)
            return a.b;
        if (a.type == ModelArg::Type::Int && (a.i == 0 || a.i == 1))
            return a.i == 1;
        fail("model.bad_args",
             L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be True or False, got " +
                 a.repr(),
             file_, argsNode.Mark());
    }

    void maxArgs(const LayerSpec& L, const YAML::Node& argsNode, size_t n) const
    {
        if (L.args.size() > n)
            fail("model.bad_args",
                 L.module + " takes at most " + std::to_string(n) + " arguments, got " + std::to_string(L.args.size()),
                 file_, argsNode.Mark());
    }

    int scaleChannels(const LayerSpec& L, const YAML::Node& argsNode) const
    {
        if (L.args.empty())
            fail("model.bad_args", L.module + " needs the output channel count as its first argument", file_,
                 argsNode.Mark());
        const int64_t raw = intArg(L, argsNode, 0, 0, 1, 1'000'000, "output channels");
        // A literal `nc` is a class count and is not scaled (the reference compares the value against nc,
        // which also leaves e.g. a 64-channel layer unscaled when nc happens to be 64; we do not copy that).
        if (L.args[0].isNc)
            return static_cast<int>(raw);
        double c = static_cast<double>(raw);
        if (spec_.maxChannels > 0)
            c = std::min(c, static_cast<double>(spec_.maxChannels));
        const int c2 = makeDivisible(c * spec_.width, 8);
        if (c2 > kMaxChannels)
            fail("model.too_large",
                 L.module + " would have " + std::to_string(c2) + " channels after scaling (limit " +
                     std::to_string(kMaxChannels) + ")",
                 file_, argsNode.Mark());
        return c2;
    }

    void readHeader(const YAML::Node& root);
    void readRow(const YAML::Node& row, int index);

    std::string file_;
    int ncOverride_;
    char scaleHint_;
    ModelSpec spec_;
    std::vector<int> ch_;  // output channels per layer
    int64_t totalParams_ = 0;
};

void SpecParser::readHeader(const YAML::Node& root)
{
    // nc
    const YAML::Node ncNode = root["nc"];
    int nc = 0;
    if (ncNode) {
        int64_t v = 0;
        if (!ncNode.IsScalar() || !parseInt(ncNode.Scalar(), v) || v < 1 || v > kMaxClasses)
            fail("model.bad_nc", "nc must be a positive integer", file_, ncNode.Mark());
        nc = static_cast<int>(v);
    }
    if (ncOverride_ > 0) {
        if (ncOverride_ > kMaxClasses)
            fail("model.bad_nc", "nc " + std::to_string(ncOverride_) + " is out of range", file_, YAML::Mark::null_mark());
        nc = ncOverride_;
    }
    if (nc <= 0)
        fail("model.bad_nc", "the model YAML has no nc and none was given", file_, root.Mark());
    spec_.nc = nc;

    // Scale: an explicit `scale:` wins over the letter in the file name.
    char scale = scaleHint_;
    const YAML::Node scaleNode = root["scale"];
    if (scaleNode && !scaleNode.IsNull()) {
        if (!scaleNode.IsScalar() || scaleNode.Scalar().size() != 1)
            fail("model.bad_scale", "scale must be a single letter such as n, s, m, l or x", file_, scaleNode.Mark());
        scale = scaleNode.Scalar()[0];
    }

    const YAML::Node scales = root["scales"];
    if (scales && !scales.IsNull()) {
        if (!scales.IsMap() || scales.size() == 0)
            fail("model.bad_scales", "scales must map a letter to [depth, width, max_channels]", file_, scales.Mark());
        std::string known;
        YAML::Node chosen;
        bool found = false;
        char first = 0;
        for (const auto& kv : scales) {
            const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : std::string();
            if (key.size() != 1)
                fail("model.bad_scales", "scale names must be single letters, got '" + key + "'", file_,
                     kv.first.Mark());
            if (!first)
                first = key[0];
            known += known.empty() ? key : ", " + key;
            if (!found && (scale ? key[0] == scale : key[0] == first)) {
                chosen = kv.second;  // the reference also falls back to the first scale listed
                found = true;
            }
        }
        if (!scale)
            scale = first;
        if (!found) {
            if (scaleNode && !scaleNode.IsNull())
                fail("model.unknown_scale",
                     std::string("scale '") + scale + "' is not one of the scales in this file (" + known + ")", file_,
                     scaleNode.Mark());
            fail("model.unknown_scale",
                 std::string("scale '") + scale + "' is not one of the scales in this file (" + known + ")", file_,
                 scales.Mark());
        }
        if (!chosen.IsSequence() || chosen.size() != 3)
            fail("model.bad_scales", std::string("scale '") + scale + "' must be [depth, width, max_channels]", file_,
                 chosen.Mark());
        double v[3];
        for (size_t i = 0; i < 3; ++i) {
            if (!chosen[i].IsScalar() || !parseFloat(chosen[i].Scalar(), v[i]) || v[i] <= 0)
                fail("model.bad_scales", std::string("scale '") + scale + "' values must be positive numbers", file_,
                     chosen[i].Mark());
        }
        if (v[0] > kMaxMultiple || v[1] > kMaxMultiple)
            fail("model.too_large", "depth and width multiples above 8 are not supported", file_, chosen.Mark());
        if (v[2] < 8 || v[2] > kMaxChannels || v[2] != std::floor(v[2]))
            fail("model.bad_scales", "max_channels must be an integer in 8.." + std::to_string(kMaxChannels), file_,
                 chosen[2].Mark());
        spec_.scale = scale;
        spec_.depth = v[0];
        spec_.width = v[1];
        spec_.maxChannels = static_cast<int>(v[2]);
    } else {
        if (scaleNode && !scaleNode.IsNull())
            fail("model.unknown_scale", "scale is set but the file has no scales", file_, scaleNode.Mark());
        for (const char* key : {"depth_multiple", "width_multiple"}) {
            const YAML::Node n = root[key];
            if (!n)
                continue;
            double v = 0;
            if (!n.IsScalar() || !parseFloat(n.Scalar(), v) || v <= 0 || v > kMaxMultiple)
                fail("model.bad_scales", std::string(key) + " must be a number in (0, 8]", file_, n.Mark());
            (key[0] == 'd' ? spec_.depth : spec_.width) = v;
        }
    }
}

void SpecParser::readRow(const YAML::Node& row, int i)
{
    if (!row.IsSequence() || row.size() != 4)
        fail("model.bad_row", "each layer row must be [from, repeats, module, args]", file_, row.Mark());
    LayerSpec L;
    L.index = i;
    L.line = row.Mark().line + 1;
    L.column = row.Mark().column + 1;

    // from
    const YAML::Node fromNode = row[0];
    std::vector<int64_t> rawFrom;
    if (fromNode.IsScalar()) {
        int64_t v = 0;
        if (!parseInt(fromNode.Scalar(), v))
            fail("model.bad_from", "'from' must be a layer index or a list of them", file_, fromNode.Mark());
        rawFrom.push_back(v);
    } else if (fromNode.IsSequence() && fromNode.size() > 0) {
        L.fromList = true;
        for (const auto& f : fromNode) {
            int64_t v = 0;
            if (!f.IsScalar() || !parseInt(f.Scalar(), v))
                fail("model.bad_from", "'from' must be a layer index or a list of them", file_, f.Mark());
            rawFrom.push_back(v);
        }
    } else {
        fail("model.bad_from", "'from' must be a layer index or a list of them", file_, fromNode.Mark());
    }
    for (int64_t f : rawFrom) {
        const int64_t r = f < 0 ? i + f : f;
        const bool input = (i == 0 && f == -1);
        if (!input && (r < 0 || r >= i))
            fail("model.bad_from",
                 "'from' " + std::to_string(f) + " of layer " + std::to_string(i) +
                     " does not name an earlier layer",
                 file_, fromNode.Mark());
        L.from.push_back(static_cast<int>(r));
        L.fromWritten.push_back(static_cast<int>(f));
    }

    // repeats
    int64_t n = 0;
    if (!row[1].IsScalar() || !parseInt(row[1].Scalar(), n) || n < 1 || n > kMaxRepeats)
        fail("model.bad_repeats", "repeats must be an integer in 1.." + std::to_string(kMaxRepeats), file_,
             row[1].Mark());
    L.repeatsYaml = static_cast<int>(n);
    L.repeats = n > 1 ? std::max(pyRound(static_cast<double>(n) * spec_.depth), 1) : static_cast<int>(n);
    if (L.repeats > kMaxRepeats)
        fail("model.too_large", "repeats after depth scaling exceed " + std::to_string(kMaxRepeats), file_,
             row[1].Mark());

    // module
    const YAML::Node modNode = row[2];
    if (!modNode.IsScalar())
        fail("model.unknown_module", "module must be a name such as Conv or C2f", file_, modNode.Mark());
    L.module = modNode.Scalar();
    static const std::pair<const char*, LayerKind> kModules[] = {
        {"Conv", LayerKind::Conv},           {"C2f", LayerKind::C2f},
        {"SPPF", LayerKind::SPPF},           {"nn.Upsample", LayerKind::Upsample},
        {"Upsample", LayerKind::Upsample},   {"torch.nn.Upsample", LayerKind::Upsample},
        {"Concat", LayerKind::Concat},       {"Detect", LayerKind::Detect},
    };
    bool found = false;
    for (const auto& [name, kind] : kModules) {
        if (L.module == name) {
            L.kind = kind;
            found = true;
        }
    }
    if (!found)
        fail("model.unknown_module",
             "unknown module '" + L.module + "' (supported: Conv, C2f, SPPF, nn.Upsample, Concat, Detect)", file_,
             modNode.Mark());

    // args
    const YAML::Node argsNode = row[3];
    if (!argsNode.IsSequence())
        fail("model.bad_args", "args must be a list, e.g. [64, 3, 2]", file_, argsNode.Mark());
    for (const auto& a : argsNode)
        L.args.push_back(evalArg(a, spec_.nc, file_));

    if (L.kind != LayerKind::Concat && L.kind != LayerKind::Detect && L.from.size() != 1)
        fail("model.bad_from", L.module + " takes exactly one input", file_, fromNode.Mark());
    if (L.kind != LayerKind::C2f && L.repeats != 1)
        fail("model.bad_repeats", L.module + " cannot be repeated; use repeats 1", file_, row[1].Mark());

    auto chOf = [&](int r) { return r < 0 ? 3 : ch_[static_cast<size_t>(r)]; };
    auto strideOf = [&](int r) { return r < 0 ? int64_t{1} : spec_.layers[static_cast<size_t>(r)].stride; };
    if (L.kind == LayerKind::Detect) {
        // already checked below that it is the last row
    } else {
        for (int r : L.from)
            if (r >= 0 && spec_.layers[static_cast<size_t>(r)].kind == LayerKind::Detect)
                fail("model.bad_from", "Detect's output cannot feed another layer", file_, fromNode.Mark());
    }
    L.c1 = chOf(L.from[0]);
    L.stride = strideOf(L.from[0]);

    switch (L.kind) {
    case LayerKind::Conv: {
        maxArgs(L, argsNode, 7);
        L.c2 = scaleChannels(L, argsNode);
        L.k = static_cast<int>(intArg(L, argsNode, 1, 1, 1, kMaxKernel, "kernel"));
        L.s = static_cast<int>(intArg(L, argsNode, 2, 1, 1, kMaxStride, "stride"));
        L.d = static_cast<int>(intArg(L, argsNode, 5, 1, 1, 8, "dilation"));
        const int autopad = (L.d * (L.k - 1) + 1) / 2;
        L.p = static_cast<int>(intArg(L, argsNode, 3, autopad, 0, kMaxKernel, "padding"));
        L.g = static_cast<int>(intArg(L, argsNode, 4, 1, 1, kMaxChannels, "groups"));
        L.act = boolArg(L, argsNode, 6, true, "act");
        if (L.c1 % L.g != 0 || L.c2 % L.g != 0)
            fail("model.bad_args",
                 "Conv groups " + std::to_string(L.g) + " must divide input (" + std::to_string(L.c1) +
                     ") and output (" + std::to_string(L.c2) + ") channels",
                 file_, argsNode.Mark());
        L.stride *= L.s;
        if (L.stride > kMaxTotalStride)
            fail("model.too_large", "the total stride would exceed " + std::to_string(kMaxTotalStride), file_,
                 argsNode.Mark());
        L.params = convParams(L.c1, L.c2, L.k, L.g);
        break;
    }
    case LayerKind::C2f: {
        maxArgs(L, argsNode, 4);
        L.c2 = scaleChannels(L, argsNode);
        L.shortcut = boolArg(L, argsNode, 1, false, "shortcut");
        L.g = static_cast<int>(intArg(L, argsNode, 2, 1, 1, kMaxChannels, "groups"));
        if (L.args.size() > 3) {
            const ModelArg& e = L.args[3];
            if ((e.type != ModelArg::Type::Float && e.type != ModelArg::Type::Int) ||
                (e.type == ModelArg::Type::Float ? e.f : static_cast<double>(e.i)) <= 0 ||
                (e.type == ModelArg::Type::Float ? e.f : static_cast<double>(e.i)) > 4)
                fail("model.bad_args", "C2f argument 4 (expansion) must be a number in (0, 4]", file_,
                     argsNode.Mark());
            L.e = e.type == ModelArg::Type::Float ? e.f : static_cast<double>(e.i);
        }
        const int c = static_cast<int>(L.c2 * L.e);
        if (c < 1 || c > kMaxChannels)
            fail("model.bad_args", "C2f hidden channels out of range", file_, argsNode.Mark());
        if (c % L.g != 0)
            fail("model.bad_args", "C2f groups must divide the hidden channels", file_, argsNode.Mark());
        int64_t p = convParams(L.c1, 2 * c, 1) + convParams(static_cast<int64_t>(2 + L.repeats) * c, L.c2, 1);
        p += L.repeats * (convParams(c, c, 3) + convParams(c, c, 3, L.g));
        L.params = p;
        break;
    }
    case LayerKind::SPPF: {
        maxArgs(L, argsNode, 2);
        L.c2 = scaleChannels(L, argsNode);
        L.k = static_cast<int>(intArg(L, argsNode, 1, 5, 1, kMaxKernel, "kernel"));
        if (L.k % 2 == 0)
            fail("model.bad_args", "SPPF kernel must be odd", file_, argsNode.Mark());
        const int c = L.c1 / 2;
        if (c < 1)
            fail("model.bad_args", "SPPF needs at least 2 input channels", file_, argsNode.Mark());
        L.params = convParams(L.c1, c, 1) + convParams(4 * c, L.c2, 1);
        break;
    }
    case LayerKind::Upsample: {
        maxArgs(L, argsNode, 3);
        if (!L.args.empty() && L.args[0].type != ModelArg::Type::None)
            fail("model.bad_args", "nn.Upsample supports only size None with a scale factor", file_, argsNode.Mark());
        L.scaleFactor = static_cast<int>(intArg(L, argsNode, 1, 2, 1, kMaxStride, "scale_factor"));
        if (L.args.size() > 2 &&
            !(L.args[2].type == ModelArg::Type::String && L.args[2].s == "nearest"))
            fail("model.bad_args", "nn.Upsample supports only mode 'nearest'", file_, argsNode.Mark());
        if (L.stride % L.scaleFactor != 0)
            fail("model.bad_args", "nn.Upsample would go finer than the input image", file_, argsNode.Mark());
        L.stride /= L.scaleFactor;
        L.c2 = L.c1;
        break;
    }
    case LayerKind::Concat: {
        maxArgs(L, argsNode, 1);
        if (intArg(L, argsNode, 0, 1, -4, 4, "dimension") != 1)
            fail("model.bad_args", "Concat supports only dimension 1 (channels)", file_, argsNode.Mark());
        L.c2 = 0;
        for (int r : L.from) {
            L.c2 += chOf(r);
            if (strideOf(r) != L.stride)
                fail("model.shape_mismatch",
                     "Concat inputs have different strides (" + std::to_string(L.stride) + " and " +
                         std::to_string(strideOf(r)) + ")",
                     file_, fromNode.Mark());
        }
        if (L.c2 > kMaxChannels * 4)
            fail("model.too_large", "Concat output has too many channels", file_, fromNode.Mark());
        break;
    }
    case LayerKind::Detect: {
        // Arguments are ignored: the class count is always the model's nc (the YAML's or the override).
        L.nc = spec_.nc;
        const int rm = spec_.regMax;
        for (int r : L.from) {
            if (r < 0)
                fail("model.bad_from", "Detect cannot read the model input", file_, fromNode.Mark());
            L.chIn.push_back(chOf(r));
            spec_.strides.push_back(strideOf(r));
        }
        const int c2 = std::max({16, L.chIn[0] / 4, rm * 4});
        const int c3 = std::max(L.chIn[0], std::min(spec_.nc, 100));
        int64_t p = rm;  // DFL projection conv: 1 x reg_max weight, fixed
        for (int x : L.chIn) {
            p += convParams(x, c2, 3) + convParams(c2, c2, 3) + int64_t{c2} * 4 * rm + 4 * rm;
            p += convParams(x, c3, 3) + convParams(c3, c3, 3) + int64_t{c3} * spec_.nc + spec_.nc;
        }
        L.params = p;
        L.c2 = 0;
        break;
    }
    }
    if (L.kind != LayerKind::Detect && L.c2 < 1)
        fail("model.bad_args", L.module + " has no output channels", file_, argsNode.Mark());
    totalParams_ += L.params;
    if (totalParams_ > kMaxParams)
        fail("model.too_large",
             "the model would have more than " + std::to_string(kMaxParams) + " parameters by layer " +
                 std::to_string(i),
             file_, row.Mark());
    ch_.push_back(L.c2);
    spec_.layers.push_back(std::move(L));
}

ModelSpec SpecParser::parse(const std::string& text)
{
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        fail("model.yaml_syntax", e.msg, file_, e.mark);
    }
    if (!root.IsMap())
        fail("model.yaml_shape", "a model YAML must be a mapping with nc, scales, backbone and head", file_,
             root.Mark());
    spec_.source = file_;
    readHeader(root);

    const YAML::Node backbone = root["backbone"];
    const YAML::Node head = root["head"];
    if (!backbone || !backbone.IsSequence() || backbone.size() == 0)
        fail("model.bad_row", "the model YAML needs a non-empty 'backbone' list", file_,
             backbone ? backbone.Mark() : root.Mark());
    if (head && !head.IsNull() && !head.IsSequence())
        fail("model.bad_row", "'head' must be a list of rows", file_, head.Mark());
    std::vector<YAML::Node> rows;
    for (const auto& r : backbone)
        rows.push_back(r);
    if (head && head.IsSequence())
        for (const auto& r : head)
            rows.push_back(r);
    if (rows.size() > static_cast<size_t>(kMaxLayers))
        fail("model.too_large", "too many layers", file_, root.Mark());
    for (size_t i = 0; i < rows.size(); ++i) {
        readRow(rows[i], static_cast<int>(i));
        if (spec_.layers.back().kind == LayerKind::Detect && i + 1 != rows.size())
            fail("model.bad_row", "Detect must be the last layer", file_, rows[i].Mark());
    }
    if (spec_.layers.back().kind != LayerKind::Detect)
        fail("model.no_detect", "the last layer must be Detect", file_, rows.back().Mark());

    std::set<int> save;
    for (const auto& L : spec_.layers)
        for (int r : L.from)
            if (r >= 0 && r != L.index - 1)
                save.insert(r);
    spec_.save.assign(save.begin(), save.end());

    // Spatial shapes must line up at a typical size; even kernels or odd strides can break Concat.
    const int64_t maxStride = *std::max_element(spec_.strides.begin(), spec_.strides.end());
    int64_t probe = 640;
    if (probe % maxStride != 0)
        probe = maxStride * std::max<int64_t>(1, 640 / maxStride);
    auto m = spec_.macs(static_cast<int>(probe), static_cast<int>(probe));
    if (!m.ok()) {
        Error e = m.error();
        e.file = file_;
        throw ParseError{std::move(e)};
    }
    return std::move(spec_);
}

std::string fileStem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace

const char* toString(LayerKind kind)
{
    switch (kind) {
    case LayerKind::Conv: return "Conv";
    case LayerKind::C2f: return "C2f";
    case LayerKind::SPPF: return "SPPF";
    case LayerKind::Upsample: return "nn.Upsample";
    case LayerKind::Concat: return "Concat";
    case LayerKind::Detect: return "Detect";
    }
    return "?";
}

std::string ModelArg::repr() const
{
    switch (type) {
    case Type::None: return "None";
    case Type::Bool: return b ? "True" : "False";
    case Type::Int: return std::to_string(i);
    case Type::Float: {
        std::ostringstream os;
        os << f;
        return os.str();
    }
    case Type::String: return "'" + s + "'";
    case Type::List: {
        std::string out = "[";
        for (size_t k = 0; k < list.size(); ++k)
            out += (k ? ", " : "") + list[k].repr();
        return out + "]";
    }
    }
    return "?";
}

std::string LayerSpec::fromText() const
{
    if (!fromList)
        return std::to_string(fromWritten.at(0));
    std::string s = "[";
    for (size_t k = 0; k < fromWritten.size(); ++k)
        s += (k ? ", " : "") + std::to_string(fromWritten[k]);
    return s + "]";
}

std::string LayerSpec::argsText() const
{
    auto list = [](std::initializer_list<std::string> xs) {
        std::string s = "[";
        bool first = true;
        for (const auto& x : xs) {
            s += (first ? "" : ", ") + x;
            first = false;
        }
        return s + "]";
    };
    auto str = [](auto v) { return std::to_string(v); };
    switch (kind) {
    case LayerKind::Conv: {
        // As written after the channels, like the reference: [c1, c2, k, s, ...].
        std::string s = "[" + str(c1) + ", " + str(c2);
        for (size_t k = 1; k < args.size(); ++k)
            s += ", " + args[k].repr();
        return s + "]";
    }
    case LayerKind::C2f: {
        std::string s = "[" + str(c1) + ", " + str(c2) + ", " + str(repeats);
        for (size_t k = 1; k < args.size(); ++k)
            s += ", " + args[k].repr();
        return s + "]";
    }
    case LayerKind::SPPF: return list({str(c1), str(c2), str(k)});
    case LayerKind::Upsample: return list({"None", str(scaleFactor), "'nearest'"});
    case LayerKind::Concat: return "[1]";
    case LayerKind::Detect: {
        std::string s = "[";
        for (size_t k = 0; k < chIn.size(); ++k)
            s += (k ? ", " : "") + str(chIn[k]);
        s += "]";
        return "[" + str(nc) + ", " + s + "]";
    }
    }
    return "[]";
}

int64_t ModelSpec::params() const
{
    int64_t p = 0;
    for (const auto& L : layers)
        p += L.params;
    return p;
}

Expected<double> ModelSpec::macs(int h, int w) const
{
    struct Shape {
        int64_t c, h, w;
    };
    auto convOut = [](int64_t x, int k, int s, int p, int d) { return (x + 2 * p - d * (k - 1) - 1) / s + 1; };
    auto mismatch = [&](const LayerSpec& L, const std::string& why) {
        Error e;
        e.code = "model.shape_mismatch";
        e.message = "layer " + std::to_string(L.index) + " (" + L.module + ") at input " + std::to_string(w) + "x" +
                    std::to_string(h) + ": " + why;
        e.file = source;
        e.line = L.line;
        e.column = L.column;
        return e;
    };
    std::vector<Shape> out;
    out.reserve(layers.size());
    double total = 0.0;
    for (const auto& L : layers) {
        auto in = [&](int r) { return r < 0 ? Shape{3, h, w} : out[static_cast<size_t>(r)]; };
        const Shape x = in(L.from[0]);
        Shape y = x;
        switch (L.kind) {
        case LayerKind::Conv:
            y = {L.c2, convOut(x.h, L.k, L.s, L.p, L.d), convOut(x.w, L.k, L.s, L.p, L.d)};
            if (y.h < 1 || y.w < 1)
                return mismatch(L, "the feature map shrinks to nothing");
            total += double(y.c) * double(y.h * y.w) * double(x.c / L.g) * L.k * L.k;
            break;
        case LayerKind::C2f: {
            const double hw = double(x.h * x.w);
            const int64_t c = static_cast<int64_t>(L.c2 * L.e);
            total += hw * double(x.c) * double(2 * c);
            total += L.repeats * hw * (double(c) * c * 9 + double(c / L.g) * c * 9);
            total += hw * double((2 + L.repeats) * c) * L.c2;
            y.c = L.c2;
            break;
        }
        case LayerKind::SPPF: {
            const double hw = double(x.h * x.w);
            const int64_t c = x.c / 2;
            total += hw * double(x.c) * c + hw * double(4 * c) * L.c2;
            y.c = L.c2;
            break;
        }
        case LayerKind::Upsample:
            y = {x.c, x.h * L.scaleFactor, x.w * L.scaleFactor};
            break;
        case LayerKind::Concat:
            y.c = 0;
            for (int r : L.from) {
                const Shape s = in(r);
                if (s.h != x.h || s.w != x.w)
                    return mismatch(L, "inputs have different sizes (" + std::to_string(x.w) + "x" +
                                           std::to_string(x.h) + " and " + std::to_string(s.w) + "x" +
                                           std::to_string(s.h) + ")");
                y.c += s.c;
            }
            break;
        case LayerKind::Detect: {
            const int rm = regMax;
            const int64_t c2 = std::max<int64_t>({16, L.chIn[0] / 4, rm * 4});
            const int64_t c3 = std::max<int64_t>(L.chIn[0], std::min(nc, 100));
            for (int r : L.from) {
                const Shape s = in(r);
                const double hw = double(s.h * s.w);
                total += hw * (double(s.c) * c2 * 9 + double(c2) * c2 * 9 + double(c2) * 4 * rm);
                total += hw * (double(s.c) * c3 * 9 + double(c3) * c3 * 9 + double(c3) * nc);
            }
            y = {0, 0, 0};
            break;
        }
        }
        out.push_back(y);
    }
    return total;
}

const std::string& builtinYolov8Yaml();  // builtin_models.cpp (generated)

Expected<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& source, int nc, char scale)
{
    try {
        SpecParser parser(source, nc, scale);
        ModelSpec spec = parser.parse(yamlText);
        spec.yamlText = yamlText;
        return spec;
    } catch (const ParseError& e) {
        return e.error;
    } catch (const YAML::Exception& e) {
        Error err;
        err.code = "model.yaml";
        err.message = e.msg;
        err.file = source;
        if (e.mark.line >= 0) {
            err.line = e.mark.line + 1;
            err.column = e.mark.column + 1;
        }
        return err;
    } catch (const std::exception& e) {
        Error err;
        err.code = "model.yaml";
        err.message = e.what();
        err.file = source;
        return err;
    }
}

Expected<ModelSpec> loadModelSpec(const std::string& model, int nc)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path path(model);
    if (!model.empty() && fs::is_regular_file(path, ec)) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        if (!in.good() && !in.eof()) {
            Error e;
            e.code = "model.unreadable";
            e.message = "cannot read the model file";
            e.file = model;
            return e;
        }
        // Scale letter from the name as the reference guesses it: "yolov8s-p2.yaml" -> 's'.
        char scale = 0;
        std::smatch m;
        const std::string stem = fileStem(model);
        if (std::regex_search(stem, m, std::regex("yolov?\\d+([nslmx])", std::regex::icase)))
            scale = static_cast<char>(std::tolower(static_cast<unsigned char>(m.str(1)[0])));
        auto spec = parseModelSpec(buf.str(), model, nc, scale);
        if (spec.ok())
            spec->name = stem;
        return spec;
    }
    std::smatch m;
    const std::string base = path.filename().string();
    if (path.parent_path().empty() &&
        std::regex_match(base, m, std::regex("yolov8([nslmx]?)\\.ya?ml", std::regex::icase))) {
        const char scale = m.str(1).empty() ? 'n' : static_cast<char>(std::tolower(static_cast<unsigned char>(m.str(1)[0])));
        auto spec = parseModelSpec(builtinYolov8Yaml(), "yolov8.yaml", nc, scale);
        if (spec.ok()) {
            spec->builtin = true;
            spec->name = std::string("YOLOv8") + spec->scale;
        }
        return spec;
    }
    Error e;
    e.code = "model.not_found";
    e.file = model;
    e.message = model.empty() ? "no model given; use e.g. model=yolov8n.yaml"
                              : "model file not found (built-in models: yolov8n.yaml, yolov8s.yaml, yolov8m.yaml, "
                                "yolov8l.yaml, yolov8x.yaml)";
    return e;
}

}  // namespace ys
