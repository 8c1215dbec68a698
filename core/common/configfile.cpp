#include "common/configfile.h"

#include "common/fileutil.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace ys {
namespace {

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        const size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

// A value as one line of YAML (flow style for lists and maps, `null` for nothing).
std::string flowText(const YAML::Node& node)
{
    YAML::Emitter out;
    out.SetNullFormat(YAML::LowerNull);
    out << YAML::Flow << node;
    return out.c_str();
}

bool isSpace(char c) { return c == ' ' || c == '\t'; }

// End column (exclusive) of the one-line scalar that starts at `col`, or -1 when the value there is not a
// one-line scalar (a flow list, a block scalar, an unterminated quote).
int scalarEnd(const std::string& line, int col)
{
    const int n = static_cast<int>(line.size());
    const char first = line[static_cast<size_t>(col)];
    if (first == '"') {
        for (int j = col + 1; j < n; ++j) {
            if (line[static_cast<size_t>(j)] == '\\')
                ++j;
            else if (line[static_cast<size_t>(j)] == '"')
                return j + 1;
        }
        return -1;
    }
    if (first == '\'') {
        for (int j = col + 1; j < n; ++j) {
            if (line[static_cast<size_t>(j)] != '\'')
                continue;
            if (j + 1 < n && line[static_cast<size_t>(j + 1)] == '\'')
                ++j;
            else
                return j + 1;
        }
        return -1;
    }
    if (first == '[' || first == '{' || first == '|' || first == '>' || first == '&' || first == '*' || first == '!')
        return -1;
    int end = n;
    for (int j = col + 1; j < n; ++j)
        if (line[static_cast<size_t>(j)] == '#' && isSpace(line[static_cast<size_t>(j - 1)])) {
            end = j;
            break;
        }
    while (end > col && isSpace(line[static_cast<size_t>(end - 1)]))
        --end;
    return end;
}

// One stage of a YAML `stages:` list as its text form: a scalar as written ("640xauto:10"), or a mapping
// {imgsz: 640, batch: auto, epochs: 10, mosaic: 0} (every other key an override). nullopt for anything else.
std::optional<std::string> stageText(const YAML::Node& node)
{
    if (node.IsScalar())
        return node.Scalar();
    if (!node.IsMap())
        return std::nullopt;
    std::string imgsz, batch = "auto", epochs, overrides;
    for (const auto& kv : node) {
        if (!kv.first.IsScalar() || !kv.second.IsScalar())
            return std::nullopt;
        const std::string k = kv.first.Scalar(), v = kv.second.Scalar();
        if (k == "imgsz")
            imgsz = v;
        else if (k == "batch")
            batch = v;
        else if (k == "epochs")
            epochs = v;
        else
            overrides += ":" + k + "=" + v;
    }
    return imgsz + "x" + batch + ":" + epochs + overrides;
}

// The text set() reads for a value node: a scalar as written; for a list key (freeze, classes, checkpoint's
// layers) a YAML sequence of scalars as "[a,b,c]"; for stages a sequence of stages (stageText) joined with
// commas. nullopt for any other list or mapping.
std::optional<std::string> valueText(const std::string& key, const YAML::Node& node)
{
    if (node.IsScalar())
        return node.Scalar();
    const ConfigKey* schema = findConfigKey(key);
    if (node.IsSequence() && schema && schema->type == ConfigKey::Type::Stages) {
        std::string text;
        for (size_t i = 0; i < node.size(); ++i) {
            const auto stage = stageText(node[i]);
            if (!stage)
                return std::nullopt;
            text += (i ? "," : "") + *stage;
        }
        return text;
    }
    if (!node.IsSequence() || !schema || (schema->type != ConfigKey::Type::IntList && key != "checkpoint"))
        return std::nullopt;
    std::string text = "[";
    for (size_t i = 0; i < node.size(); ++i) {
        if (!node[i].IsScalar())
            return std::nullopt;
        text += (i ? "," : "") + node[i].Scalar();
    }
    return text + "]";
}

// The value `key` takes when the document's `node` is applied over the defaults; nullopt if it is bad.
std::optional<std::string> valueOverDefaults(const std::string& key, const YAML::Node& node)
{
    TrainConfig d;
    if (node.IsNull()) {
        if (d.get(key)->empty())
            return std::string();
        return d.get(key);
    }
    const auto text = valueText(key, node);
    if (!text || d.set(key, *text))
        return std::nullopt;
    return d.get(key);
}

Error valueError(Error e, const std::string& source, const YAML::Mark& mark)
{
    e.file = source;
    e.line = mark.line + 1;
    e.column = mark.column + 1;
    return e;
}

// Where a key's value is written on its line (`from`: the column after the key), and whether toYaml() can
// rewrite it there: not when the value starts on a later line or reads other than the parsed node.
struct ValueSpot {
    int column = -1;   // -1: nothing written on the key's line
    int end = -1;
    bool editable = true;
};

ValueSpot findValue(const std::string& line, size_t from, const YAML::Node& v)
{
    ValueSpot spot;
    const std::string bare = !line.empty() && line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
    const size_t colon = bare.find(':', from);
    if (colon == std::string::npos) {
        spot.editable = false;
        return spot;
    }
    size_t c = colon + 1;
    while (c < bare.size() && isSpace(bare[c]))
        ++c;
    const bool nothingWritten = c >= bare.size() || bare[c] == '#';
    if (nothingWritten) {
        spot.editable = v.IsNull();  // else the value starts on a later line
        return spot;
    }
    const int end = scalarEnd(bare, static_cast<int>(c));
    bool same = false;
    if (end > 0 && v.IsScalar()) {
        try {
            same = YAML::Load(bare.substr(c, static_cast<size_t>(end) - c)).Scalar() == v.Scalar();
        } catch (const YAML::Exception&) {
        }
    } else if (end > 0 && v.IsNull()) {
        same = true;  // `null`, `~`
    }
    spot.editable = same;
    spot.column = static_cast<int>(c);
    spot.end = end;
    return spot;
}

// A list or mapping where `key` takes one value (or, for some keys, a list of numbers or stages).
std::string notOneValueText(const std::string& key, const ConfigKey& schema)
{
    return "'" + key + "' must be a single value" +
           (schema.type == ConfigKey::Type::IntList || key == "checkpoint"
                ? std::string(" or a list of whole numbers")
            : schema.type == ConfigKey::Type::Stages
                ? std::string(" or a list of stages such as 640x16:10 or {imgsz: 640, batch: 16, epochs: 10}")
                : std::string(", not a list or mapping"));
}

}  // namespace

ConfigFile ConfigFile::fromConfig(const TrainConfig& config)
{
    auto parsed = parse(config.toYaml(), {}, config);
    // toYaml() writes every key in a form set() reads back, so this cannot fail.
    ConfigFile f = parsed ? *parsed : ConfigFile{};
    f.config_ = config;
    return f;
}

Expected<ConfigFile> ConfigFile::parse(const std::string& text, const std::string& source, const TrainConfig& base)
{
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception& ex) {  // syntax errors, and the nesting limit on hostile input
        return Error{"yaml.syntax", "YAML syntax error: " + ex.msg, source, ex.mark.line + 1, ex.mark.column + 1};
    }
    ConfigFile f;
    f.config_ = base;
    f.source_ = source;
    f.text_ = text;
    if (root.IsNull())
        return f;
    if (!root.IsMap())
        return Error{"config.not_a_map", "expected a mapping of settings such as 'lr0: 0.01'", source,
                     root.Mark().line + 1, root.Mark().column + 1};
    f.lineEditable_ = root.Style() != YAML::EmitterStyle::Flow;
    const std::vector<std::string> lines = splitLines(text);
    const TrainConfig defaults;
    for (const auto& kv : root) {
        const YAML::Node& k = kv.first;
        const YAML::Node& v = kv.second;
        const std::string key = k.IsScalar() ? k.Scalar() : flowText(k);
        const ConfigKey* schema = k.IsScalar() ? findConfigKey(key) : nullptr;
        if (!schema) {
            f.unknown_.push_back({key, flowText(v), k.Mark().line + 1});
            f.order_.emplace_back(key, false);
            continue;
        }
        bool duplicate = false;
        for (const KeyPlace& p : f.places_)
            if (p.key == key) {
                f.problems_.push_back(valueError(
                    Error{"config." + key,
                          "'" + key + "' is set twice (first on line " + std::to_string(p.line + 1) + ")", {}, 0, 0},
                    source, k.Mark()));
                duplicate = true;
            }
        if (duplicate) {
            f.lineEditable_ = false;  // which line would a change go to?
            continue;
        }
        f.order_.emplace_back(key, true);

        // Where the value sits, so toYaml() can rewrite it in place.
        const int line = k.Mark().line;
        const ValueSpot spot = findValue(line < static_cast<int>(lines.size()) ? lines[static_cast<size_t>(line)] : "",
                                         static_cast<size_t>(std::max(0, k.Mark().column)) + key.size(), v);
        f.places_.push_back(KeyPlace{key, line, spot.column, spot.end});
        f.lineEditable_ = f.lineEditable_ && spot.editable;

        const auto text = v.IsNull() ? std::optional<std::string>("") : valueText(key, v);
        if (!text) {
            f.problems_.push_back(valueError(Error{"config." + key, notOneValueText(key, *schema), {}, 0, 0}, source,
                                             v.Mark()));
            continue;
        }
        if (v.IsNull()) {
            if (defaults.get(key)->empty())
                f.config_.set(key, "");
            continue;
        }
        if (auto err = f.config_.set(key, *text))
            f.problems_.push_back(valueError(*err, source, v.Mark()));
    }
    return f;
}

Expected<ConfigFile> ConfigFile::load(const std::string& path, const TrainConfig& base)
{
    auto text = readFile(path);
    if (!text)
        return Error{"config.unreadable", "cannot open the file; check that it exists and is readable", path, 0, 0};
    return parse(*text, path, base);
}

std::vector<std::string> ConfigFile::documentKeys() const
{
    std::vector<std::string> keys;
    for (const KeyPlace& p : places_)
        keys.push_back(p.key);
    return keys;
}

std::string ConfigFile::rewrittenDocument() const
{
    std::vector<std::string> lines = splitLines(text_);
    YAML::Node parsed;
    try {
        parsed = YAML::Load(text_);
    } catch (const YAML::Exception&) {
        return text_;  // parse() accepted this text
    }
    const YAML::Node& root = parsed;
    for (const KeyPlace& p : places_) {
        const std::string now = *config_.get(p.key);
        if (valueOverDefaults(p.key, root[p.key]) == now)
            continue;
        std::string& line = lines[static_cast<size_t>(p.line)];
        const bool cr = !line.empty() && line.back() == '\r';
        if (cr)
            line.pop_back();
        // Keep the file's spelling: `amp: true` stays a boolean when the new value has one.
        std::string value = config_.yamlValue(p.key);
        if (p.valueColumn >= 0) {
            const std::string old = line.substr(static_cast<size_t>(p.valueColumn),
                                                static_cast<size_t>(p.valueEnd - p.valueColumn));
            const YAML::Node oldNode = YAML::Load(old);
            if (oldNode.IsScalar() && boolSpelling(p.key, oldNode.Scalar()) && boolSpelling(p.key, now))
                value = *boolSpelling(p.key, now) ? "true" : "false";
            line.replace(static_cast<size_t>(p.valueColumn), static_cast<size_t>(p.valueEnd - p.valueColumn), value);
        } else {
            const size_t colon = line.find(':', line.find(p.key));
            line.insert(colon + 1, " " + value);
        }
        if (cr)
            line.push_back('\r');
    }
    std::string out;
    for (const std::string& l : lines)
        out += l + "\n";
    if (!text_.empty() && text_.back() != '\n' && !out.empty())
        out.pop_back();
    return out;
}

std::string ConfigFile::emittedDocument() const
{
    // Comments and spelling cannot be kept here; keys, values and order are.
    std::string out;
    size_t unknown = 0;
    for (const auto& [key, known] : order_) {
        YAML::Emitter k;
        k << key;
        out += std::string(k.c_str()) + ": " + (known ? config_.yamlValue(key) : unknown_[unknown++].value) + "\n";
    }
    return out;
}

std::string ConfigFile::toYaml() const
{
    std::string out = lineEditable_ ? rewrittenDocument() : emittedDocument();
    if (!out.empty() && out.back() != '\n')
        out += "\n";
    const TrainConfig defaults;
    const std::vector<std::string> inDocument = documentKeys();
    for (const ConfigKey& k : configKeys()) {
        if (std::find(inDocument.begin(), inDocument.end(), k.name) != inDocument.end())
            continue;
        if (config_.get(k.name) != defaults.get(k.name))
            out += std::string(k.name) + ": " + config_.yamlValue(k.name) + "\n";
    }
    return out;
}

std::optional<Error> ConfigFile::save(const std::string& path) const
{
    if (auto err = writeFileAtomic(path, toYaml())) {
        Error e = *err;
        e.code = "config.write";
        e.file = path;
        return e;
    }
    return std::nullopt;
}

}  // namespace ys
