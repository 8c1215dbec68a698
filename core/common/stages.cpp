// Staged training's text form, parsed and checked with the settings' own schema (config.cpp), and the helpers
// the trainer, the fit and the front ends share.
#include "common/stages.h"

#include "common/config.h"
#include "common/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace ys {
namespace {


std::vector<std::string> split(const std::string& s, char sep)
{
    std::vector<std::string> parts;
    std::stringstream in(s);
    for (std::string part; std::getline(in, part, sep);)
        parts.push_back(trim(part));
    if (!s.empty() && s.back() == sep)
        parts.emplace_back();
    return parts;
}

// A stage's imgsz, batch or epochs checked as the run-level key of the same name (range, whole number,
// multiple of 32); the problem names the stage and the key.
std::optional<ConfigProblem> stageValue(const std::string& key, const std::string& text, int stageNumber,
                                        int& out)
{
    TrainConfig probe;
    std::optional<ConfigProblem> p = probe.trySet(key, text);
    if (!p && key == "imgsz" && probe.imgsz % 32 != 0)
        p = ConfigProblem{"imgsz", ConfigProblem::Reason::NotMultipleOf32, text};
    if (!p && key == "batch" && probe.batch == 0)
        p = ConfigProblem{"batch", ConfigProblem::Reason::BatchZero, text};
    if (p) {
        p->stageKey = key;
        p->key = "stages";
        p->stage = stageNumber;
        return p;
    }
    out = key == "imgsz" ? probe.imgsz : key == "batch" ? probe.batch : probe.epochs;
    return std::nullopt;
}

// One stage "IMGSZxBATCH:EPOCHS[:key=value...]".
std::optional<ConfigProblem> parseStage(const std::string& text, int stageNumber, TrainStage& out)
{
    auto syntax = [&] {
        ConfigProblem p{"stages", ConfigProblem::Reason::StageSyntax, text};
        p.stage = stageNumber;
        return p;
    };
    const std::vector<std::string> fields = split(text, ':');
    if (fields.size() < 2)
        return syntax();
    const std::string size = lower(fields[0]);
    const size_t x = size.find('x');
    if (x == std::string::npos || x == 0 || x + 1 >= size.size())
        return syntax();
    if (auto p = stageValue("imgsz", trim(size.substr(0, x)), stageNumber, out.imgsz))
        return p;
    if (auto p = stageValue("batch", trim(size.substr(x + 1)), stageNumber, out.batch))
        return p;
    if (auto p = stageValue("epochs", fields[1], stageNumber, out.epochs))
        return p;
    const std::vector<std::string>& allowed = stageOverrideKeys();
    for (size_t i = 2; i < fields.size(); ++i) {
        const size_t eq = fields[i].find('=');
        if (eq == std::string::npos || eq == 0)
            return syntax();
        const std::string key = trim(fields[i].substr(0, eq));
        const std::string value = trim(fields[i].substr(eq + 1));
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            ConfigProblem p{"stages", ConfigProblem::Reason::StageKey, value};
            p.choices = allowed;
            p.stage = stageNumber;
            p.stageKey = key;
            return p;
        }
        TrainConfig probe;
        if (auto p = probe.trySet(key, value)) {
            p->key = "stages";
            p->stage = stageNumber;
            p->stageKey = key;
            return p;
        }
        // Kept as the setting reads it back ("0" -> "0.0"), so the text form is canonical; a repeated key
        // keeps its last value.
        const std::string canonical = *probe.get(key);
        auto same = std::find_if(out.overrides.begin(), out.overrides.end(),
                                 [&](const auto& kv) { return kv.first == key; });
        if (same != out.overrides.end())
            same->second = canonical;
        else
            out.overrides.emplace_back(key, canonical);
    }
    return std::nullopt;
}

}  // namespace

const std::vector<std::string>& stageOverrideKeys()
{
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        for (const ConfigKey& key : configKeys())
            if ((key.group == ConfigKey::Group::Augment && std::string(key.name) != "rect") ||
                std::string(key.name) == "checkpoint")
                k.emplace_back(key.name);
        return k;
    }();
    return keys;
}

std::string formatStage(const TrainStage& stage)
{
    std::string s = std::to_string(stage.imgsz) + "x" + (stage.batch < 1 ? "auto" : std::to_string(stage.batch)) +
                     ":" + std::to_string(stage.epochs);
    for (const auto& [key, value] : stage.overrides)
        s += ":" + key + "=" + value;
    return s;
}

std::string formatStages(const std::vector<TrainStage>& stages)
{
    std::string s;
    for (const TrainStage& stage : stages)
        s += (s.empty() ? "" : ",") + formatStage(stage);
    return s;
}

int stagesEpochs(const std::vector<TrainStage>& stages)
{
    int total = 0;
    for (const TrainStage& s : stages)
        total += s.epochs;
    return total;
}

StagePosition stageAt(const std::vector<TrainStage>& stages, int epoch)
{
    StagePosition pos;
    int first = 0;
    for (size_t i = 0; i < stages.size(); ++i) {
        pos.index = static_cast<int>(i);
        pos.firstEpoch = first;
        if (epoch < first + stages[i].epochs)
            break;
        first += stages[i].epochs;
    }
    return pos;
}

std::vector<TrainStage> commonStageRecipe()
{
    return {TrainStage{320, 32, 10, {}}, TrainStage{640, -1, 80, {}}, TrainStage{640, -1, 10, {{"mosaic", "0.0"}}}};
}

std::optional<ConfigProblem> parseStages(const std::string& text, std::vector<TrainStage>& out)
{
    out.clear();
    std::string body = trim(text);
    if (body.size() >= 2 && ((body.front() == '"' && body.back() == '"') || (body.front() == '\'' && body.back() == '\'')))
        body = trim(body.substr(1, body.size() - 2));
    if (body.size() >= 2 && body.front() == '[' && body.back() == ']')
        body = trim(body.substr(1, body.size() - 2));
    const std::string l = lower(body);
    if (l.empty() || l == "none" || l == "null" || l == "~" || l == "off")
        return std::nullopt;
    int number = 0;
    for (const std::string& part : split(body, ',')) {
        ++number;
        TrainStage stage;
        if (auto p = parseStage(part, number, stage)) {
            out.clear();
            return p;
        }
        out.push_back(std::move(stage));
    }
    return std::nullopt;
}

}  // namespace ys
