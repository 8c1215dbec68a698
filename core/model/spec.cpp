// Model YAML parsing and resolution (Ultralytics YOLOv8 / YOLO11 / YOLOv9 / YOLO26 layouts). Torch-free on purpose: it is the part that
// meets user input, and it works out every shape so that module construction cannot fail later.
#include "model/internal/spec.h"

#include "model/internal/blocks.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

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
constexpr int kMaxRegMax = 64;  // Ultralytics uses 16 (YOLOv8 .. YOLO11) and 1 (YOLO26)
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


// The nodes of one YAML row, for error positions.
struct Row {
    const YAML::Node& node;
    const YAML::Node& from;
    const YAML::Node& args;
};

class SpecParser;

// One entry per module kind: its names, how many inputs it reads, whether the row's repeats count its
// blocks, and the function that resolves its arguments (channels, kernel, parameter count, stride).
struct ModuleKindInfo {
    LayerKind kind;
    std::vector<const char*> names;  // the first is the one the reference prints
    bool manyInputs;
    bool repeatable;
    void (SpecParser::*resolve)(LayerSpec&, const Row&);
};

const std::vector<ModuleKindInfo>& moduleKinds();

class SpecParser {
public:
    SpecParser(std::string file, int ncOverride, char scaleHint, bool forceScale)
        : file_(std::move(file)), ncOverride_(ncOverride), scaleHint_(scaleHint), forceScale_(forceScale)
    {
    }

    ModelSpec parse(const std::string& text);

    // Resolvers, one per module kind (moduleKinds() names them). On entry L has its inputs, c1 (channels of
    // the first input), stride (of the first input), repeats and args; each sets c2, params and what the
    // kind needs, and fails with the row's position on bad arguments.
    void resolveConv(LayerSpec& L, const Row& r);
    void resolveC2f(LayerSpec& L, const Row& r);
    void resolveC3k2(LayerSpec& L, const Row& r);
    void resolveC2PSA(LayerSpec& L, const Row& r);
    void resolveSPPF(LayerSpec& L, const Row& r);
    void resolveSPPELAN(LayerSpec& L, const Row& r);
    void resolveRepNCSPELAN4(LayerSpec& L, const Row& r);
    void resolveELAN1(LayerSpec& L, const Row& r);
    void resolveAConv(LayerSpec& L, const Row& r);
    void resolveADown(LayerSpec& L, const Row& r);
    void resolveCBLinear(LayerSpec& L, const Row& r);
    void resolveCBFuse(LayerSpec& L, const Row& r);
    void resolveIdentity(LayerSpec& L, const Row& r);
    void resolveUpsample(LayerSpec& L, const Row& r);
    void resolveConcat(LayerSpec& L, const Row& r);
    void resolveDetect(LayerSpec& L, const Row& r);

private:
    [[noreturn]] void failArgs(const std::string& message, const Row& r) const
    {
        fail("model.bad_args", message, file_, r.args.Mark());
    }

    // Reads argument `idx` of `row` as an int, with a default when absent/None.
    int64_t intArg(const LayerSpec& L, const Row& r, size_t idx, int64_t def, int64_t lo, int64_t hi,
                   const char* what) const
    {
        if (idx >= L.args.size() || L.args[idx].type == ModelArg::Type::None)
            return def;
        return intValue(L, r, L.args[idx], idx, lo, hi, what);
    }

    int64_t intValue(const LayerSpec& L, const Row& r, const ModelArg& a, size_t idx, int64_t lo, int64_t hi,
                     const char* what) const
    {
        int64_t v = 0;
        if (a.type == ModelArg::Type::Int)
            v = a.i;
        else if (a.type == ModelArg::Type::Float && a.f == std::floor(a.f) && std::fabs(a.f) < 1e9)
            v = static_cast<int64_t>(a.f);
        else
            failArgs(L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be an integer, got " +
                         a.repr(),
                     r);
        if (v < lo || v > hi)
            failArgs(L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be in " +
                         std::to_string(lo) + ".." + std::to_string(hi) + ", got " + std::to_string(v),
                     r);
        return v;
    }

    bool boolArg(const LayerSpec& L, const Row& r, size_t idx, bool def, const char* what) const
    {
        if (idx >= L.args.size())
            return def;
        const ModelArg& a = L.args[idx];
        if (a.type == ModelArg::Type::Bool)
            return a.b;
        if (a.type == ModelArg::Type::Int && (a.i == 0 || a.i == 1))
            return a.i == 1;
        failArgs(L.module + " argument " + std::to_string(idx + 1) + " (" + what + ") must be True or False, got " +
                     a.repr(),
                 r);
    }

    // A hidden-channel ratio in (0, 4].
    double ratioArg(const LayerSpec& L, const Row& r, size_t idx, double def) const
    {
        if (idx >= L.args.size() || L.args[idx].type == ModelArg::Type::None)
            return def;
        const ModelArg& a = L.args[idx];
        const bool number = a.type == ModelArg::Type::Float || a.type == ModelArg::Type::Int;
        const double v = a.type == ModelArg::Type::Float ? a.f : static_cast<double>(a.i);
        if (!number || v <= 0 || v > 4)
            failArgs(L.module + " argument " + std::to_string(idx + 1) + " (expansion) must be a number in (0, 4]", r);
        return v;
    }

    void maxArgs(const LayerSpec& L, const Row& r, size_t n) const
    {
        if (L.args.size() > n)
            failArgs(L.module + " takes at most " + std::to_string(n) + " arguments, got " +
                         std::to_string(L.args.size()),
                     r);
    }

    // Hidden channels derived from a ratio: at least 1, at most the channel limit.
    int hiddenChannels(const LayerSpec& L, const Row& r, double c) const
    {
        if (c < 1 || c > kMaxChannels)
            failArgs(L.module + " hidden channels out of range", r);
        return static_cast<int>(c);
    }

    int scaleChannels(const LayerSpec& L, const Row& r) const
    {
        if (L.args.empty())
            failArgs(L.module + " needs the output channel count as its first argument", r);
        const int64_t raw = intArg(L, r, 0, 0, 1, 1'000'000, "output channels");
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
                 file_, r.args.Mark());
        return c2;
    }

    // A channel argument taken as written (YOLOv9's hidden widths are not scaled, as in the reference).
    int channelArg(const LayerSpec& L, const Row& r, size_t idx, int def, const char* what) const
    {
        if (def == 0 && idx >= L.args.size())
            failArgs(L.module + " needs argument " + std::to_string(idx + 1) + " (" + what + ")", r);
        return static_cast<int>(intArg(L, r, idx, def, 1, kMaxChannels, what));
    }

    int chOf(int r) const { return r < 0 ? 3 : ch_[static_cast<size_t>(r)]; }
    int64_t strideOf(int r) const { return r < 0 ? int64_t{1} : spec_.layers[static_cast<size_t>(r)].stride; }
    const LayerSpec* layerAt(int r) const { return r < 0 ? nullptr : &spec_.layers[static_cast<size_t>(r)]; }

    void readHeader(const YAML::Node& root);
    void readScales(const YAML::Node& root);
    void readRow(const YAML::Node& row, int index);
    void readFrom(LayerSpec& L, const YAML::Node& fromNode) const;
    void readRepeats(LayerSpec& L, const YAML::Node& repeatsNode) const;
    const ModuleKindInfo& readModule(LayerSpec& L, const YAML::Node& modNode) const;
    void checkInputs(const LayerSpec& L, const ModuleKindInfo& info, const YAML::Node& row) const;

    std::string file_;
    int ncOverride_;
    char scaleHint_;
    bool forceScale_;       // scaleHint_ wins over the YAML's `scale:` (familyScales)
    ModelSpec spec_;
    std::vector<int> ch_;   // output channels per layer
    bool sawC3k2_ = false;  // the reference's Detect "legacy" switch: YOLO11 heads follow C3k2 models
    int64_t totalParams_ = 0;
};

const std::vector<ModuleKindInfo>& moduleKinds()
{
    using P = SpecParser;
    static const std::vector<ModuleKindInfo> kinds = {
        {LayerKind::Conv, {"Conv"}, false, false, &P::resolveConv},
        {LayerKind::C2f, {"C2f"}, false, true, &P::resolveC2f},
        {LayerKind::C3k2, {"C3k2"}, false, true, &P::resolveC3k2},
        {LayerKind::C2PSA, {"C2PSA"}, false, true, &P::resolveC2PSA},
        {LayerKind::SPPF, {"SPPF"}, false, false, &P::resolveSPPF},
        {LayerKind::SPPELAN, {"SPPELAN"}, false, false, &P::resolveSPPELAN},
        {LayerKind::RepNCSPELAN4, {"RepNCSPELAN4"}, false, false, &P::resolveRepNCSPELAN4},
        {LayerKind::ELAN1, {"ELAN1"}, false, false, &P::resolveELAN1},
        {LayerKind::AConv, {"AConv"}, false, false, &P::resolveAConv},
        {LayerKind::ADown, {"ADown"}, false, false, &P::resolveADown},
        {LayerKind::CBLinear, {"CBLinear"}, false, false, &P::resolveCBLinear},
        {LayerKind::CBFuse, {"CBFuse"}, true, false, &P::resolveCBFuse},
        {LayerKind::Identity, {"nn.Identity", "Identity", "torch.nn.Identity"}, false, false, &P::resolveIdentity},
        {LayerKind::Upsample, {"nn.Upsample", "Upsample", "torch.nn.Upsample"}, false, false, &P::resolveUpsample},
        {LayerKind::Concat, {"Concat"}, true, false, &P::resolveConcat},
        {LayerKind::Detect, {"Detect"}, true, false, &P::resolveDetect},
    };
    return kinds;
}

const ModuleKindInfo& kindInfo(LayerKind kind)
{
    for (const auto& k : moduleKinds())
        if (k.kind == kind)
            return k;
    throw std::logic_error("LayerKind missing from moduleKinds()");
}

void SpecParser::readHeader(const YAML::Node& root)
{
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
    // Ultralytics 8.4's head settings (YOLO26 writes reg_max: 1 and end2end: True); absent, YOLOv8's head.
    if (const YAML::Node rm = root["reg_max"]; rm && !rm.IsNull()) {
        int64_t v = 0;
        if (!rm.IsScalar() || !parseInt(rm.Scalar(), v) || v < 1 || v > kMaxRegMax)
            fail("model.bad_reg_max", "reg_max must be an integer in 1.." + std::to_string(kMaxRegMax), file_,
                 rm.Mark());
        spec_.regMax = static_cast<int>(v);
    }
    if (const YAML::Node e2e = root["end2end"]; e2e && !e2e.IsNull()) {
        const ModelArg a = evalArg(e2e, nc, file_);
        if (a.type != ModelArg::Type::Bool)
            fail("model.bad_end2end", "end2end must be True or False", file_, e2e.Mark());
        spec_.end2end = a.b;
    }
    readScales(root);
}

void SpecParser::readScales(const YAML::Node& root)
{
    // Scale: an explicit `scale:` wins over the letter in the file name (unless the caller forces one).
    char scale = scaleHint_;
    // Ultralytics writes `scale: ''` when the file name has no n/s/m/l/x (yolov9t.yaml): no scale given.
    const YAML::Node scaleNode = root["scale"];
    const bool scaleKey =
        scaleNode && !scaleNode.IsNull() && !(scaleNode.IsScalar() && scaleNode.Scalar().empty());
    if (scaleKey) {
        if (!scaleNode.IsScalar() || scaleNode.Scalar().size() != 1)
            fail("model.bad_scale", "scale must be a single letter such as n, s, m, l or x", file_, scaleNode.Mark());
        if (!forceScale_ || !scale)
            scale = scaleNode.Scalar()[0];
    }

    const YAML::Node scales = root["scales"];
    if (!scales || scales.IsNull()) {
        if (scaleKey)
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
        spec_.scale = scale;  // the caller's letter (a YOLOv9 file's 't', 'c', 'e'), if any: a name, not a multiple
        return;
    }
    if (!scales.IsMap() || scales.size() == 0)
        fail("model.bad_scales", "scales must map a letter to [depth, width, max_channels]", file_, scales.Mark());
    std::string known;
    YAML::Node chosen;
    bool found = false;
    for (const auto& kv : scales) {
        const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : std::string();
        if (key.size() != 1)
            fail("model.bad_scales", "scale names must be single letters, got '" + key + "'", file_, kv.first.Mark());
        if (spec_.scales.find(key[0]) != std::string::npos)
            fail("model.bad_scales", "scale '" + key + "' is listed twice", file_, kv.first.Mark());
        spec_.scales += key;
        known += known.empty() ? key : ", " + key;
        if (!found && (scale ? key[0] == scale : spec_.scales.size() == 1)) {
            chosen = kv.second;  // the reference also falls back to the first scale listed
            found = true;
        }
    }
    if (!scale)
        scale = spec_.scales[0];
    if (!found)
        fail("model.unknown_scale",
             std::string("scale '") + scale + "' is not one of the scales in this file (" + known + ")", file_,
             scaleKey ? scaleNode.Mark() : scales.Mark());
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
}

void SpecParser::readFrom(LayerSpec& L, const YAML::Node& fromNode) const
{
    const int i = L.index;
    std::vector<int64_t> rawFrom;
    auto bad = [&](const YAML::Node& n) {
        fail("model.bad_from", "'from' must be a layer index or a list of them", file_, n.Mark());
    };
    if (fromNode.IsScalar()) {
        int64_t v = 0;
        if (!parseInt(fromNode.Scalar(), v))
            bad(fromNode);
        rawFrom.push_back(v);
    } else if (fromNode.IsSequence() && fromNode.size() > 0) {
        L.fromList = true;
        for (const auto& f : fromNode) {
            int64_t v = 0;
            if (!f.IsScalar() || !parseInt(f.Scalar(), v))
                bad(f);
            rawFrom.push_back(v);
        }
    } else {
        bad(fromNode);
    }
    for (int64_t f : rawFrom) {
        const int64_t r = f < 0 ? i + f : f;
        const bool input = (i == 0 && f == -1);
        if (!input && (r < 0 || r >= i))
            fail("model.bad_from",
                 "'from' " + std::to_string(f) + " of layer " + std::to_string(i) + " does not name an earlier layer",
                 file_, fromNode.Mark());
        L.from.push_back(static_cast<int>(r));
        L.fromWritten.push_back(static_cast<int>(f));
    }
}

void SpecParser::readRepeats(LayerSpec& L, const YAML::Node& repeatsNode) const
{
    int64_t n = 0;
    if (!repeatsNode.IsScalar() || !parseInt(repeatsNode.Scalar(), n) || n < 1 || n > kMaxRepeats)
        fail("model.bad_repeats", "repeats must be an integer in 1.." + std::to_string(kMaxRepeats), file_,
             repeatsNode.Mark());
    L.repeatsYaml = static_cast<int>(n);
    L.repeats = n > 1 ? std::max(pyRound(static_cast<double>(n) * spec_.depth), 1) : static_cast<int>(n);
    if (L.repeats > kMaxRepeats)
        fail("model.too_large", "repeats after depth scaling exceed " + std::to_string(kMaxRepeats), file_,
             repeatsNode.Mark());
}

const ModuleKindInfo& SpecParser::readModule(LayerSpec& L, const YAML::Node& modNode) const
{
    if (!modNode.IsScalar())
        fail("model.unknown_module", "module must be a name such as Conv or C2f", file_, modNode.Mark());
    L.module = modNode.Scalar();
    std::string supported;
    for (const auto& k : moduleKinds()) {
        for (const char* name : k.names) {
            if (L.module == name) {
                L.kind = k.kind;
                return k;
            }
        }
        supported += (supported.empty() ? "" : ", ") + std::string(k.names[0]);
    }
    fail("model.unknown_module", "unknown module '" + L.module + "' (supported: " + supported + ")", file_,
         modNode.Mark());
}

void SpecParser::checkInputs(const LayerSpec& L, const ModuleKindInfo& info, const YAML::Node& row) const
{
    const YAML::Node& fromNode = row[0];
    if (!info.manyInputs && L.from.size() != 1)
        fail("model.bad_from", L.module + " takes exactly one input", file_, fromNode.Mark());
    if (!info.repeatable && L.repeats != 1)
        fail("model.bad_repeats", L.module + " cannot be repeated; use repeats 1", file_, row[1].Mark());
    for (size_t j = 0; j < L.from.size(); ++j) {
        const LayerSpec* in = layerAt(L.from[j]);
        if (!in)
            continue;
        if (in->kind == LayerKind::Detect)
            fail("model.bad_from", "Detect's output cannot feed another layer", file_, fromNode.Mark());
        // CBLinear yields several tensors: only CBFuse, which picks one of them per input, can read it.
        const bool pickInput = L.kind == LayerKind::CBFuse && j + 1 < L.from.size();
        if ((in->kind == LayerKind::CBLinear) != pickInput)
            fail("model.bad_from",
                 pickInput ? "CBFuse's inputs before the last must be CBLinear layers"
                           : "a CBLinear layer can only feed CBFuse (as one of its first inputs)",
                 file_, fromNode.Mark());
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
    readFrom(L, row[0]);
    readRepeats(L, row[1]);
    const ModuleKindInfo& info = readModule(L, row[2]);
    const YAML::Node argsNode = row[3];
    if (!argsNode.IsSequence())
        fail("model.bad_args", "args must be a list, e.g. [64, 3, 2]", file_, argsNode.Mark());
    for (const auto& a : argsNode)
        L.args.push_back(evalArg(a, spec_.nc, file_));
    checkInputs(L, info, row);

    L.c1 = chOf(L.from[0]);
    L.stride = strideOf(L.from[0]);
    const YAML::Node fromNode = row[0];
    (this->*info.resolve)(L, Row{row, fromNode, argsNode});

    if (L.kind != LayerKind::Detect && L.c2 < 1)
        fail("model.bad_args", L.module + " has no output channels", file_, argsNode.Mark());
    if (L.stride > kMaxTotalStride)
        fail("model.too_large", "the total stride would exceed " + std::to_string(kMaxTotalStride), file_,
             argsNode.Mark());
    totalParams_ += L.params;
    if (totalParams_ > kMaxParams)
        fail("model.too_large",
             "the model would have more than " + std::to_string(kMaxParams) + " parameters by layer " +
                 std::to_string(i),
             file_, row.Mark());
    ch_.push_back(L.c2);
    spec_.layers.push_back(std::move(L));
}

// ---------------------------------------------------------------------------------------------------------
// Resolvers

void SpecParser::resolveConv(LayerSpec& L, const Row& r)
{
    maxArgs(L, r, 7);
    L.c2 = scaleChannels(L, r);
    L.k = static_cast<int>(intArg(L, r, 1, 1, 1, kMaxKernel, "kernel"));
    L.s = static_cast<int>(intArg(L, r, 2, 1, 1, kMaxStride, "stride"));
    L.d = static_cast<int>(intArg(L, r, 5, 1, 1, 8, "dilation"));
    const int autopad = (L.d * (L.k - 1) + 1) / 2;
    L.p = static_cast<int>(intArg(L, r, 3, autopad, 0, kMaxKernel, "padding"));
    L.g = static_cast<int>(intArg(L, r, 4, 1, 1, kMaxChannels, "groups"));
    L.act = boolArg(L, r, 6, true, "act");
    if (L.c1 % L.g != 0 || L.c2 % L.g != 0)
        failArgs("Conv groups " + std::to_string(L.g) + " must divide input (" + std::to_string(L.c1) +
                     ") and output (" + std::to_string(L.c2) + ") channels",
                 r);
    L.stride *= L.s;
    L.params = convParams(L.c1, L.c2, L.k, L.g);
}

void SpecParser::resolveC2f(LayerSpec& L, const Row& r)
{
    // [c2, shortcut=False, g=1, e=0.5]
    maxArgs(L, r, 4);
    L.c2 = scaleChannels(L, r);
    L.shortcut = boolArg(L, r, 1, false, "shortcut");
    L.g = static_cast<int>(intArg(L, r, 2, 1, 1, kMaxChannels, "groups"));
    L.e = ratioArg(L, r, 3, 0.5);
    const int c = hiddenChannels(L, r, L.c2 * L.e);
    if (c % L.g != 0)
        failArgs("C2f groups must divide the hidden channels", r);
    L.params = convParams(L.c1, 2 * c, 1) + convParams(int64_t{2 + L.repeats} * c, L.c2, 1) +
               L.repeats * bottleneckParams(c, c, 1.0, L.g);
}

void SpecParser::resolveC3k2(LayerSpec& L, const Row& r)
{
    // [c2, c3k=False, e=0.5, attn=False, g=1, shortcut=True], Ultralytics 8.4's order (attn, YOLO26's, came
    // in before g); the m, l and x scales always use C3k blocks, as the reference; attn wins over C3k.
    maxArgs(L, r, 6);
    L.c2 = scaleChannels(L, r);
    L.c3k = boolArg(L, r, 1, false, "c3k") || (spec_.scale && std::strchr("mlx", spec_.scale));
    L.e = ratioArg(L, r, 2, 0.5);
    L.attn = boolArg(L, r, 3, false, "attn");
    L.g = static_cast<int>(intArg(L, r, 4, 1, 1, kMaxChannels, "groups"));
    L.shortcut = boolArg(L, r, 5, true, "shortcut");
    const int c = hiddenChannels(L, r, L.c2 * L.e);
    if (c < 2 || (c / 2) % L.g != 0 || c % L.g != 0)
        failArgs("C3k2 groups must divide the hidden channels (" + std::to_string(c) + " and half of them)", r);
    if (L.attn) {
        L.heads = c3k2AttentionHeads(c);
        if (c % L.heads != 0)
            failArgs("C3k2 attention needs hidden channels (" + std::to_string(c) + ") that split evenly into its " +
                         std::to_string(L.heads) + " heads",
                     r);
    }
    L.params = c3k2Params(L);
    sawC3k2_ = true;
}

void SpecParser::resolveC2PSA(LayerSpec& L, const Row& r)
{
    // [c2, e=0.5]; attention heads of 64 channels each on c1 * e hidden channels.
    maxArgs(L, r, 2);
    L.c2 = scaleChannels(L, r);
    if (L.c2 != L.c1)
        failArgs("C2PSA needs as many output channels as input channels (" + std::to_string(L.c1) + "), got " +
                     std::to_string(L.c2),
                 r);
    L.e = ratioArg(L, r, 1, 0.5);
    const int c = hiddenChannels(L, r, L.c1 * L.e);
    L.heads = c / 64;
    if (L.heads < 1 || c % L.heads != 0 || attentionKeyDim(c, L.heads) < 1)
        failArgs("C2PSA needs hidden channels (" + std::to_string(c) +
                     ") that are a multiple of its 64-channel attention heads",
                 r);
    L.params = convParams(L.c1, 2 * c, 1) + convParams(2 * c, L.c1, 1) + L.repeats * psaBlockParams(c, L.heads);
}

void SpecParser::resolveSPPF(LayerSpec& L, const Row& r)
{
    // [c2, k=5, n=3, shortcut=False]: n chained k x k max pools; with the shortcut the output adds the input
    // (when the channels agree). As Ultralytics 8.4, cv1 has no activation unless the row stops at [c2, k]
    // (the rows written before YOLO26), so writing n changes the maths even at its default.
    maxArgs(L, r, 4);
    L.c2 = scaleChannels(L, r);
    L.k = static_cast<int>(intArg(L, r, 1, 5, 1, kMaxKernel, "kernel"));
    if (L.k % 2 == 0)
        failArgs("SPPF kernel must be odd", r);
    L.pools = static_cast<int>(intArg(L, r, 2, 3, 1, 8, "pools"));
    L.shortcut = boolArg(L, r, 3, false, "shortcut") && L.c1 == L.c2;
    L.act = L.args.size() <= 2;
    if (L.c1 / 2 < 1)
        failArgs("SPPF needs at least 2 input channels", r);
    L.params = sppfParams(L);
}

void SpecParser::resolveSPPELAN(LayerSpec& L, const Row& r)
{
    // [c2, c3, k=5]
    maxArgs(L, r, 3);
    L.c2 = scaleChannels(L, r);
    L.c3 = channelArg(L, r, 1, 0, "hidden channels");
    L.k = static_cast<int>(intArg(L, r, 2, 5, 1, kMaxKernel, "kernel"));
    if (L.k % 2 == 0)
        failArgs("SPPELAN kernel must be odd", r);
    L.params = convParams(L.c1, L.c3, 1) + convParams(4 * L.c3, L.c2, 1);
}

void SpecParser::resolveRepNCSPELAN4(LayerSpec& L, const Row& r)
{
    // [c2, c3, c4, n=1]: cv1 to c3, split in halves; two RepCSP(n) + 3x3 branches of c4 on the second half.
    maxArgs(L, r, 4);
    L.c2 = scaleChannels(L, r);
    L.c3 = channelArg(L, r, 1, 0, "hidden channels");
    L.c4 = channelArg(L, r, 2, 0, "RepCSP channels");
    L.blocks = static_cast<int>(intArg(L, r, 3, 1, 1, kMaxRepeats, "RepCSP depth"));
    if (L.c3 < 2 || L.c4 < 2)
        failArgs("RepNCSPELAN4 needs at least 2 hidden and 2 RepCSP channels", r);
    const int64_t half = L.c3 / 2;
    L.params = convParams(L.c1, L.c3, 1) + repCspParams(half, L.c4, L.blocks) + convParams(L.c4, L.c4, 3) +
               repCspParams(L.c4, L.c4, L.blocks) + convParams(L.c4, L.c4, 3) +
               convParams(int64_t{L.c3} + 2 * L.c4, L.c2, 1);
}

void SpecParser::resolveELAN1(LayerSpec& L, const Row& r)
{
    // [c2, c3, c4]: as RepNCSPELAN4 with a single 3x3 convolution per branch.
    maxArgs(L, r, 3);
    L.c2 = scaleChannels(L, r);
    L.c3 = channelArg(L, r, 1, 0, "hidden channels");
    L.c4 = channelArg(L, r, 2, 0, "branch channels");
    if (L.c3 < 2)
        failArgs("ELAN1 needs at least 2 hidden channels", r);
    L.params = convParams(L.c1, L.c3, 1) + convParams(L.c3 / 2, L.c4, 3) + convParams(L.c4, L.c4, 3) +
               convParams(int64_t{L.c3} + 2 * L.c4, L.c2, 1);
}

void SpecParser::resolveAConv(LayerSpec& L, const Row& r)
{
    // [c2]: 2x2 average pool (stride 1), then a 3x3 stride-2 convolution.
    maxArgs(L, r, 1);
    L.c2 = scaleChannels(L, r);
    L.stride *= 2;
    L.params = convParams(L.c1, L.c2, 3);
}

void SpecParser::resolveADown(LayerSpec& L, const Row& r)
{
    // [c2]: 2x2 average pool, channels in halves: a 3x3 stride-2 convolution on one, a 3x3 stride-2 max
    // pool and a 1x1 convolution on the other.
    maxArgs(L, r, 1);
    L.c2 = scaleChannels(L, r);
    if (L.c1 % 2 != 0 || L.c2 % 2 != 0)
        failArgs("ADown needs an even number of input (" + std::to_string(L.c1) + ") and output (" +
                     std::to_string(L.c2) + ") channels",
                 r);
    L.stride *= 2;
    L.params = convParams(L.c1 / 2, L.c2 / 2, 3) + convParams(L.c1 / 2, L.c2 / 2, 1);
}

void SpecParser::resolveCBLinear(LayerSpec& L, const Row& r)
{
    // [[c2, ...], k=1, s=1]: one convolution with bias whose output is split into parts of these sizes.
    maxArgs(L, r, 3);
    if (L.args.empty() || L.args[0].type != ModelArg::Type::List || L.args[0].list.empty())
        failArgs("CBLinear needs the list of output channels as its first argument, e.g. [[64, 128]]", r);
    for (size_t j = 0; j < L.args[0].list.size(); ++j)
        L.splits.push_back(static_cast<int>(intValue(L, r, L.args[0].list[j], 0, 1, kMaxChannels, "output channels")));
    L.c2 = 0;
    for (int c : L.splits)
        L.c2 += c;
    if (L.c2 > kMaxChannels * 4)
        fail("model.too_large", "CBLinear has too many output channels", file_, r.args.Mark());
    L.k = static_cast<int>(intArg(L, r, 1, 1, 1, kMaxKernel, "kernel"));
    L.s = static_cast<int>(intArg(L, r, 2, 1, 1, kMaxStride, "stride"));
    L.p = L.k / 2;
    L.stride *= L.s;
    L.params = int64_t{L.c2} * L.c1 * L.k * L.k + L.c2;
}

void SpecParser::resolveCBFuse(LayerSpec& L, const Row& r)
{
    // [[i, ...]]: part i of each CBLinear input, resized (nearest) to the last input and summed with it.
    maxArgs(L, r, 1);
    const size_t picks = L.from.size() - 1;
    if (L.from.size() < 2 || L.args.empty() || L.args[0].type != ModelArg::Type::List ||
        L.args[0].list.size() != picks)
        failArgs("CBFuse needs one part index per CBLinear input, e.g. from [10, 11, -1] with [[0, 0]]", r);
    const int target = L.from.back();
    L.c2 = chOf(target);
    L.stride = strideOf(target);
    for (size_t j = 0; j < picks; ++j) {
        const LayerSpec& in = *layerAt(L.from[j]);
        const auto part = static_cast<int>(
            intValue(L, r, L.args[0].list[j], 0, 0, static_cast<int64_t>(in.splits.size()) - 1, "part index"));
        if (in.splits[static_cast<size_t>(part)] != L.c2)
            failArgs("CBFuse part " + std::to_string(part) + " of layer " + std::to_string(in.index) + " has " +
                         std::to_string(in.splits[static_cast<size_t>(part)]) + " channels, the last input " +
                         std::to_string(L.c2),
                     r);
        L.pick.push_back(part);
    }
}

void SpecParser::resolveIdentity(LayerSpec& L, const Row& r)
{
    maxArgs(L, r, 0);
    L.c2 = L.c1;
}

void SpecParser::resolveUpsample(LayerSpec& L, const Row& r)
{
    maxArgs(L, r, 3);
    if (!L.args.empty() && L.args[0].type != ModelArg::Type::None)
        failArgs("nn.Upsample supports only size None with a scale factor", r);
    L.scaleFactor = static_cast<int>(intArg(L, r, 1, 2, 1, kMaxStride, "scale_factor"));
    if (L.args.size() > 2 && !(L.args[2].type == ModelArg::Type::String && L.args[2].s == "nearest"))
        failArgs("nn.Upsample supports only mode 'nearest'", r);
    if (L.stride % L.scaleFactor != 0)
        failArgs("nn.Upsample would go finer than the input image", r);
    L.stride /= L.scaleFactor;
    L.c2 = L.c1;
}

void SpecParser::resolveConcat(LayerSpec& L, const Row& r)
{
    maxArgs(L, r, 1);
    if (intArg(L, r, 0, 1, -4, 4, "dimension") != 1)
        failArgs("Concat supports only dimension 1 (channels)", r);
    L.c2 = 0;
    for (int in : L.from) {
        L.c2 += chOf(in);
        if (strideOf(in) != L.stride)
            fail("model.shape_mismatch",
                 "Concat inputs have different strides (" + std::to_string(L.stride) + " and " +
                     std::to_string(strideOf(in)) + ")",
                 file_, r.from.Mark());
    }
    if (L.c2 > kMaxChannels * 4)
        fail("model.too_large", "Concat output has too many channels", file_, r.from.Mark());
}

void SpecParser::resolveDetect(LayerSpec& L, const Row& r)
{
    // Arguments are ignored: the class count is always the model's nc (the YAML's or the override).
    L.nc = spec_.nc;
    const int rm = spec_.regMax;
    for (int in : L.from) {
        if (in < 0)
            fail("model.bad_from", "Detect cannot read the model input", file_, r.from.Mark());
        L.chIn.push_back(chOf(in));
        spec_.strides.push_back(strideOf(in));
    }
    L.boxWidth = std::max({16, L.chIn[0] / 4, rm * 4});
    L.clsWidth = std::max(L.chIn[0], std::min(spec_.nc, 100));
    L.dwClassBranch = sawC3k2_;
    L.regMax = rm;
    L.end2end = spec_.end2end;
    L.params = detectParams(L);
    L.c2 = 0;
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
    spec_.backboneLayers = static_cast<int>(rows.size());
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
    auto m = spec_.cost(static_cast<int>(probe), static_cast<int>(probe));
    if (!m.ok()) {
        Error e = m.error();
        e.file = file_;
        throw ParseError{std::move(e)};
    }
    return std::move(spec_);
}

std::string fileStem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

// ---------------------------------------------------------------------------------------------------------
// Built-in models

std::string lower(std::string s)
{
    for (char& ch : s)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// "yolov8" -> "YOLOv8", "yolov9t" -> "YOLOv9t", "yolo11" -> "YOLO11".
std::string displayName(const std::string& stem) { return "YOLO" + stem.substr(std::min<size_t>(4, stem.size())); }

// Family of a built-in file's stem: its name without a trailing scale letter ("yolov9t" -> "yolov9").
std::string familyOf(const std::string& stem)
{
    if (stem.size() > 1 && std::isalpha(static_cast<unsigned char>(stem.back())) &&
        std::isdigit(static_cast<unsigned char>(stem[stem.size() - 2])))
        return stem.substr(0, stem.size() - 1);
    return stem;
}

Expected<ModelSpec> parseSpec(const std::string& yamlText, const std::string& source, int nc, char scale,
                              bool forceScale)
{
    try {
        SpecParser parser(source, nc, scale, forceScale);
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

// The built-in file `file` at `scale` (0: its first scale, or none), named as the reference names it.
Expected<ModelSpec> loadBuiltin(const std::string& file, int nc, char scale)
{
    const char* text = builtinModelYaml(file);
    if (!text) {
        Error e;
        e.code = "model.not_found";
        e.file = file;
        e.message = "no built-in model " + file;
        return e;
    }
    auto spec = parseSpec(text, file, nc, scale, true);
    if (!spec)
        return spec;
    const std::string stem = fileStem(file);
    spec->builtin = true;
    spec->family = familyOf(stem);
    if (spec->scales.empty() && spec->family != stem)
        spec->scale = stem.back();  // a family with one file per scale (YOLOv9)
    spec->name = displayName(stem) + (spec->scales.empty() ? std::string() : std::string(1, spec->scale));
    return spec;
}

}  // namespace

const char* toString(LayerKind kind) { return kindInfo(kind).names[0]; }

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
    auto join = [](const std::vector<std::string>& xs) {
        std::string s = "[";
        for (size_t k = 0; k < xs.size(); ++k)
            s += (k ? ", " : "") + xs[k];
        return s + "]";
    };
    auto ints = [&](const std::vector<int>& xs) {
        std::vector<std::string> t;
        for (int x : xs)
            t.push_back(std::to_string(x));
        return join(t);
    };
    // The reference prints [c1, c2, (repeats,) the rest as written]; C3k2 shows the c3k flag it resolved.
    auto channelsThenWritten = [&](bool withRepeats) {
        std::vector<std::string> t{std::to_string(c1), std::to_string(c2)};
        if (withRepeats)
            t.push_back(std::to_string(repeats));
        for (size_t k = 1; k < args.size(); ++k)
            t.push_back(kind == LayerKind::C3k2 && k == 1 ? (c3k ? "True" : "False") : args[k].repr());
        if (kind == LayerKind::C3k2 && args.size() < 2 && c3k)
            t.push_back("True");
        return join(t);
    };
    switch (kind) {
    case LayerKind::Conv:
    case LayerKind::SPPELAN:
    case LayerKind::RepNCSPELAN4:
    case LayerKind::ELAN1:
    case LayerKind::AConv:
    case LayerKind::ADown: return channelsThenWritten(false);
    case LayerKind::C2f:
    case LayerKind::C3k2:
    case LayerKind::C2PSA: return channelsThenWritten(true);
    case LayerKind::SPPF: return args.size() > 2 ? channelsThenWritten(false) : ints({c1, c2, k});
    case LayerKind::CBLinear: return "[" + std::to_string(c1) + ", " + ints(splits) + "]";
    case LayerKind::CBFuse: return "[" + ints(pick) + "]";
    case LayerKind::Identity: return "[]";
    case LayerKind::Upsample: return "[None, " + std::to_string(scaleFactor) + ", 'nearest']";
    case LayerKind::Concat: return "[1]";
    case LayerKind::Detect:
        // Ultralytics 8.4 also prints reg_max and end2end; its YOLO26 is the model that sets them.
        if (end2end || regMax != 16)
            return "[" + std::to_string(nc) + ", " + std::to_string(regMax) + ", " + (end2end ? "True" : "False") +
                   ", " + ints(chIn) + "]";
        return "[" + std::to_string(nc) + ", " + ints(chIn) + "]";
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


Expected<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& source, int nc, char scale)
{
    return parseSpec(yamlText, source, nc, scale, false);
}

const char* builtinModelYaml(const std::string& file)
{
    for (const auto& f : builtinModelFiles())
        if (file == f.file)
            return f.text;
    return nullptr;
}

const std::string& builtinYolov8Yaml()
{
    static const std::string text = builtinModelYaml("yolov8.yaml");
    return text;
}

std::vector<std::string> builtinModelNames()
{
    std::vector<std::string> names;
    for (const auto& f : builtinModelFiles()) {
        const std::string stem = fileStem(f.file);
        const YAML::Node scales = YAML::Load(f.text)["scales"];
        if (!scales || !scales.IsMap()) {
            names.push_back(f.file);
            continue;
        }
        for (const auto& kv : scales)
            names.push_back(stem + kv.first.Scalar() + ".yaml");
    }
    return names;
}

Expected<std::vector<ModelSpec>> familyScales(const ModelSpec& spec)
{
    std::vector<ModelSpec> out;
    if (!spec.scales.empty()) {
        for (char scale : spec.scales) {
            auto s = parseSpec(spec.yamlText, spec.source, spec.nc, scale, true);
            if (!s)
                return s.error();
            s->builtin = spec.builtin;
            s->family = spec.family;
            s->name = spec.builtin ? displayName(spec.family) + scale : spec.name;
            out.push_back(std::move(s.value()));
        }
        return out;
    }
    if (spec.builtin && !spec.family.empty()) {
        for (const auto& f : builtinModelFiles()) {
            const std::string stem = fileStem(f.file);
            if (stem.size() != spec.family.size() + 1 || familyOf(stem) != spec.family)
                continue;
            auto s = loadBuiltin(f.file, spec.nc, 0);
            if (!s)
                return s.error();
            out.push_back(std::move(s.value()));
        }
        return out;
    }
    out.push_back(spec);
    return out;
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
        // Scale letter from the name as the reference guesses it: "yolov8s-p2.yaml", "yolo11m-mine.yaml" -> s, m.
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
    if (path.parent_path().empty()) {
        // As the reference: "yolo11s.yaml" is yolo11.yaml at scale s; a name that is not a scaled family
        // file is a file of its own ("yolov9c.yaml").
        const std::string base = lower(path.filename().string());
        std::smatch m;
        if (std::regex_match(base, m, std::regex("(yolov?\\d+)([nslmx]?)\\.ya?ml"))) {
            const std::string unified = m.str(1) + ".yaml";
            if (builtinModelYaml(unified)) {
                auto spec = loadBuiltin(unified, nc, m.str(2).empty() ? 0 : m.str(2)[0]);
                if (!spec || !spec->scales.empty())
                    return spec;
            }
        }
        std::string exact = base;
        if (exact.size() > 4 && exact.compare(exact.size() - 4, 4, ".yml") == 0)
            exact = exact.substr(0, exact.size() - 4) + ".yaml";
        if (builtinModelYaml(exact))
            return loadBuiltin(exact, nc, 0);
    }
    std::string names;
    for (const auto& n : builtinModelNames())
        names += (names.empty() ? "" : ", ") + n;
    Error e;
    e.code = "model.not_found";
    e.file = model;
    e.message = model.empty() ? "no model given; use e.g. model=yolov8n.yaml"
                              : "model file not found (built-in models: " + names + ")";
    return e;
}

}  // namespace ys
