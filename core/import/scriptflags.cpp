#include "import/internal/importer.h"

#include "common/presets.h"
#include "common/text.h"

#include <algorithm>
#include <cstdlib>

namespace ys::importer {

// ---- option tables ------------------------------------------------------------------------------------------

// How many values an option of a training script takes (argparse's nargs).
enum class Arity { None, One, Optional, Many };

// What a training script's option does here.
enum class Action {
    Key,        // the value is the setting `key`
    Path,       // the value is a path for the setting `key`
    SetTrue,    // store_true: `key` = true
    SetFalse,   // store_true whose meaning is the setting false: `key` = false
    Cfg, Hyp, Weights, Imgsz, Device, Cache, Resume, Freeze, SavePeriod, Adam, FixedLr,
    Skip,       // known option with no equivalent: `reason`
};

struct ScriptOption {
    const char* names;   // spellings separated by '|', the first is the script's own
    Arity arity;
    Action action;
    const char* key = nullptr;     // Key, Path, SetTrue, SetFalse
    const char* reason = nullptr;  // Skip: an import.* code
    const char* noEffect = nullptr;  // Skip: the value at which the option does nothing
    char only = 0;       // '7' or '9': only YOLOv7's or YOLOv9's scripts have it (tells the dialect)
};

namespace {

// The options of YOLOv5's train.py (and segment/, classify/), YOLOv7's train.py / train_aux.py and YOLOv9's
// train.py / train_dual.py / train_triple.py, as their argparse parsers declare them.
const std::vector<ScriptOption>& scriptOptions()
{
    using A = Action;
    static const std::vector<ScriptOption> table = {
        {"--weights", Arity::One, A::Weights},
        {"--cfg", Arity::One, A::Cfg},
        {"--data", Arity::One, A::Path, "data"},
        {"--hyp", Arity::One, A::Hyp},
        {"--epochs", Arity::One, A::Key, "epochs"},
        {"--batch-size|--batch", Arity::One, A::Key, "batch"},
        {"--imgsz|--img|--img-size", Arity::Many, A::Imgsz},
        {"--rect", Arity::None, A::SetTrue, "rect"},
        {"--resume", Arity::Optional, A::Resume},
        {"--nosave", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--noval", Arity::None, A::SetFalse, "val"},
        {"--notest", Arity::None, A::SetFalse, "val", nullptr, nullptr, '7'},
        {"--noautoanchor", Arity::None, A::Skip, nullptr, "import.anchor_only"},
        {"--noplots", Arity::None, A::Skip, nullptr, "import.logging_only"},
        {"--evolve", Arity::Optional, A::Skip, nullptr, "import.not_supported"},
        {"--evolve-population", Arity::One, A::Skip, nullptr, "import.not_supported"},
        {"--resume-evolve", Arity::One, A::Skip, nullptr, "import.not_supported"},
        {"--bucket", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--cache", Arity::Optional, A::Cache},
        {"--cache-images", Arity::None, A::Cache, nullptr, nullptr, nullptr, '7'},
        {"--image-weights", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--device", Arity::One, A::Device},
        {"--multi-scale", Arity::None, A::Skip, nullptr, "import.multi_scale"},
        {"--single-cls", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--optimizer", Arity::One, A::Key, "optimizer"},
        {"--adam", Arity::None, A::Adam, nullptr, nullptr, nullptr, '7'},
        {"--sync-bn", Arity::None, A::SetTrue, "sync_bn"},
        {"--workers", Arity::One, A::Key, "workers"},
        {"--project", Arity::One, A::Path, "project"},
        {"--name", Arity::One, A::Key, "name"},
        {"--exist-ok", Arity::None, A::SetTrue, "exist_ok"},
        {"--quad", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--cos-lr", Arity::None, A::SetTrue, "cos_lr"},
        {"--linear-lr", Arity::None, A::SetFalse, "cos_lr", nullptr, nullptr, '7'},
        {"--flat-cos-lr", Arity::None, A::Skip, nullptr, "import.not_supported", nullptr, '9'},
        {"--fixed-lr", Arity::None, A::FixedLr, nullptr, nullptr, nullptr, '9'},
        {"--label-smoothing", Arity::One, A::Skip, nullptr, "import.not_supported", "0"},
        {"--patience", Arity::One, A::Key, "patience"},
        {"--freeze", Arity::Many, A::Freeze},
        {"--save-period", Arity::One, A::SavePeriod},
        {"--seed", Arity::One, A::Key, "seed"},
        {"--local-rank", Arity::One, A::Skip, nullptr, "import.multi_gpu"},
        {"--min-items", Arity::One, A::Skip, nullptr, "import.not_supported", "0", '9'},
        {"--close-mosaic", Arity::One, A::Key, "close_mosaic", nullptr, nullptr, '9'},
        {"--v5-metric", Arity::None, A::Skip, nullptr, "import.not_supported", nullptr, '7'},
        {"--entity", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--upload-dataset", Arity::Optional, A::Skip, nullptr, "import.logging_only"},
        {"--bbox-interval", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--artifact-alias", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--ndjson-console", Arity::None, A::Skip, nullptr, "import.logging_only"},
        {"--ndjson-file", Arity::None, A::Skip, nullptr, "import.logging_only"},
    };
    return table;
}

std::vector<std::string> spellings(const ScriptOption& o)
{
    std::vector<std::string> out;
    std::string s;
    for (const char* p = o.names;; ++p) {
        if (*p == '|' || *p == '\0') {
            out.push_back(s);
            s.clear();
            if (!*p)
                break;
        } else {
            s += *p;
        }
    }
    return out;
}

// The option `name` names: an exact spelling, else (as argparse allows) an unambiguous prefix of one.
const ScriptOption* findScriptOption(const std::string& name)
{
    const std::string key = optionKey(name);
    const ScriptOption* prefixMatch = nullptr;
    bool ambiguous = false;
    for (const ScriptOption& o : scriptOptions()) {
        for (const std::string& s : spellings(o)) {
            if (s == key)
                return &o;
            if (key.size() > 2 && startsWith(s, key)) {
                if (prefixMatch && prefixMatch != &o)
                    ambiguous = true;
                prefixMatch = &o;
            }
        }
    }
    return ambiguous ? nullptr : prefixMatch;
}

// A word that starts an option ("--x", "-x"), not a negative number.
bool isOptionLike(const std::string& w)
{
    return w.size() > 1 && w[0] == '-' && !isNumber(w);
}

}  // namespace

std::string optionKey(const std::string& name)
{
    std::string k = lower(name);
    std::replace(k.begin(), k.end(), '_', '-');
    return k;
}

// ---- YOLOv5 / YOLOv7 / YOLOv9 scripts -------------------------------------------------------------------------

void Importer::readScript(const std::vector<std::string>& args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string word = asciiDashes(args[i]);
        if (!startsWith(word, "-") || isNumber(word)) {
            skip(args[i], "import.positional");
            continue;
        }
        std::string name = word;
        std::optional<std::string> inlineValue;
        if (const auto eq = word.find('='); eq != std::string::npos) {
            name = word.substr(0, eq);
            inlineValue = word.substr(eq + 1);
        }
        const ScriptOption* o = startsWith(name, "--") ? findScriptOption(name) : nullptr;
        std::vector<std::string> sourceWords = {shellQuote(args[i])};
        std::vector<std::string> values;
        auto takeValue = [&] {
            values.push_back(args[++i]);
            sourceWords.push_back(shellQuote(args[i]));
        };
        if (!o) {
            // argparse would stop here; the values an unknown option seems to take go with it.
            while (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                takeValue();
            skip(join(sourceWords, " "), "import.unknown_flag");
            continue;
        }
        if (o->only)
            only_.insert(o->only);
        if (inlineValue) {
            values.push_back(*inlineValue);
        } else {
            switch (o->arity) {
            case Arity::None: break;
            case Arity::One:
                if (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                    takeValue();
                break;
            case Arity::Optional:
                if (i + 1 < args.size() && !startsWith(asciiDashes(args[i + 1]), "-"))
                    takeValue();
                break;
            case Arity::Many:
                while (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                    takeValue();
                break;
            }
        }
        const std::string source = join(sourceWords, " ");
        if ((o->arity == Arity::One || o->arity == Arity::Many) && values.empty()) {
            skip(source, "import.missing_value");
            continue;
        }
        scriptOption(*o, values, source);
    }
}

void Importer::scriptOption(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source)
{
    const std::string v = values.empty() ? std::string() : values.front();
    if (v.find('$') != std::string::npos) {
        skip(source, "import.shell_variable");
        return;
    }
    auto given = [&](const std::string& key) { given_.insert(key); };
    switch (o.action) {
    case Action::Key:
        given(o.key);
        assign(o.key, v, source);
        return;
    case Action::Path:
        given(o.key);
        pathValue(o.key, v, source);
        return;
    case Action::SetTrue:
    case Action::SetFalse:
        given(o.key);
        scriptSwitch(o, values, source);
        return;
    case Action::Cfg: cfg_ = {{v, source}}; return;
    case Action::Weights: weights_ = {{v, source}}; return;
    case Action::Hyp: hyp_ = {{v, source}}; return;
    case Action::Imgsz: imgsz(values, source); return;
    case Action::Device: device(v, source); return;
    case Action::Cache:
        given("cache");
        if (values.empty() || lower(v) == "ram")
            assign("cache", "ram", source);
        else if (lower(v) == "disk")
            assign("cache", "ram", source, {ImportNote{"import.cache_disk", {}}});
        else
            assign("cache", v, source);
        return;
    case Action::Resume: skip(source, "import.resume_foreign"); return;
    case Action::Freeze:
        given("freeze");
        assign("freeze", values.size() == 1 ? v : "[" + join(values, ", ") + "]", source);
        return;
    case Action::SavePeriod: {
        given("save_period");
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (end && *end == '\0' && !v.empty() && n < 1)
            assign("save_period", "-1", source, {ImportNote{"import.save_period_off", {source}}});
        else
            assign("save_period", v, source);
        return;
    }
    case Action::Adam:
        given("optimizer");
        assign("optimizer", "Adam", source);
        return;
    case Action::FixedLr:
        given("cos_lr");
        assign("cos_lr", "false", source);
        assign("lrf", "1.0", source, {ImportNote{"import.fixed_lr", {}}});
        return;
    case Action::Skip:
        if (o.noEffect && values.size() == 1 && isNumber(v) && std::strtod(v.c_str(), nullptr) == std::strtod(o.noEffect, nullptr))
            skip(source, "import.no_effect", {source});
        else
            skip(source, o.reason, {source});
        return;
    }
}

// A store_true option (SetTrue, SetFalse), also when given a value.
void Importer::scriptSwitch(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source)
{
    const bool on = o.action == Action::SetTrue;
    if (values.empty()) {
        assign(o.key, on ? "true" : "false", source);
        return;
    }
    // --rect=false: argparse refuses it; read it as meant.
    TrainConfig probe;
    if (auto p = probe.trySet(o.key, values.front())) {
        r_.skipped.push_back({source, {"import.bad_value", {source, p->toError().message}}, *p});
        return;
    }
    const bool value = *probe.get(o.key) == "true";
    assign(o.key, value == on ? "true" : "false", source);
}

std::string Importer::dialect() const
{
    const std::string script = lower(fs::path(r_.program).filename().string());
    if (script == "train_dual.py" || script == "train_triple.py")
        return "YOLOv9";
    if (script == "train_aux.py" || only_.count('7'))
        return "YOLOv7";
    if (only_.count('9'))
        return "YOLOv9";
    if (cfg_) {
        const std::string stem = stemOf(cfg_->first);
        if (startsWith(stem, "yolov9") || startsWith(stem, "gelan") ||
            cfg_->first.find("models/detect/") != std::string::npos)
            return "YOLOv9";
        if (startsWith(stem, "yolov7"))
            return "YOLOv7";
    }
    return "YOLOv5";
}

// One of the YOLOv5/v7/v9 repositories' own training scripts, whose defaults this file knows.
bool Importer::knownScript() const
{
    const std::string script = lower(fs::path(r_.program).filename().string());
    return script == "train.py" || script == "train_dual.py" || script == "train_triple.py" || script == "train_aux.py";
}

void Importer::applyHyp()
{
    // Where the scripts keep their hyp files: data/hyps/ (YOLOv5, YOLOv9), data/ (YOLOv7); YOLOv5's
    // check_yaml() also finds a bare file name there.
    const std::vector<fs::path> folders = {base_, scriptDir_, scriptDir_ / "data/hyps", base_ / "data/hyps",
                                           scriptDir_ / "data", base_ / "data"};
    const bool yolov9 = r_.dialect == "YOLOv9";
    auto builtin = [&](const std::string& source, const std::string& name) {
        const ConfigPreset* preset = findPreset("yolov9-scratch-high");
        if (!preset)
            return;
        for (const auto& [key, value] : preset->values)
            fileAssigns_.push_back({key, value, source, {}});
        r_.notes.push_back({"import.hyp_builtin", {name}});
    };
    if (hyp_) {
        const auto& [value, source] = *hyp_;
        if (value.find('$') != std::string::npos) {
            skip(source, "import.shell_variable");
            return;
        }
        std::string lookedIn;
        const fs::path path = lookFor(value, folders, &lookedIn);
        if (!path.empty()) {
            loadSettingsFile(path, source, true);
            return;
        }
        if (yolov9 && lower(fileNameOf(value)) == "hyp.scratch-high.yaml") {
            builtin(source, fileNameOf(value));
            return;
        }
        skip(source, "import.hyp_not_found", {source, lookedIn});
        return;
    }
    // No --hyp: the script's own default file (a script of the user's own has no default we know).
    if (!knownScript())
        return;
    std::string defaultHyp = "data/hyps/hyp.scratch-low.yaml";
    if (yolov9)
        defaultHyp = "data/hyps/hyp.scratch-high.yaml";
    else if (r_.dialect == "YOLOv7")
        defaultHyp = lower(r_.program) == "train_aux.py" ? "data/hyp.scratch.p6.yaml" : "data/hyp.scratch.p5.yaml";
    const fs::path path = lookFor(defaultHyp, {scriptDir_}, nullptr);
    const std::string source = r_.program + " (--hyp " + defaultHyp + ")";
    if (!path.empty())
        loadSettingsFile(path, source, true);
    else if (yolov9)
        builtin(source, fileNameOf(defaultHyp));
    else
        r_.notes.push_back({"import.default_hyp_missing", {r_.program, defaultHyp}});
}

void Importer::applyModel()
{
    if (cfg_ && !trim(cfg_->first).empty()) {
        if (cfg_->first.find('$') != std::string::npos)
            skip(cfg_->second, "import.shell_variable");
        else
            modelFile(cfg_->first, cfg_->second, true);
        // The scripts build the model from --cfg and copy the checkpoint's matching weights into it.
        if (weights_ && !trim(weights_->first).empty())
            skip(weights_->second, "import.weights_with_cfg", {weights_->second, cfg_->second});
        return;
    }
    if (weights_ && !trim(weights_->first).empty()) {
        if (weights_->first.find('$') != std::string::npos)
            skip(weights_->second, "import.shell_variable");
        else
            modelFile(weights_->first, weights_->second, true);
    }
}

void Importer::applyScriptDefaults()
{
    if (!knownScript())
        return;
    // The scripts' own defaults where they differ from Ultralytics' (and so from the studio's): SGD (no
    // "auto"), mosaic to the last epoch (YOLOv9's --close-mosaic defaults to 0, the others have none), and
    // YOLOv7's one-cycle (cosine) schedule unless --linear-lr.
    std::vector<std::pair<std::string, std::string>> defaults = {{"optimizer", "SGD"}, {"close_mosaic", "0"}};
    if (r_.dialect == "YOLOv7")
        defaults.emplace_back("cos_lr", "true");
    for (const auto& [key, value] : defaults) {
        if (given_.count(key))
            continue;
        TrainConfig probe = r_.config;
        probe.set(key, value);
        if (probe.get(key) == opt_.base.get(key))
            continue;  // nothing changes: nothing to say
        assigns_.insert(assigns_.begin(),
                        {key, value, r_.program, {ImportNote{"import.script_default", {r_.program}}}, true});
    }
}

}  // namespace ys::importer
