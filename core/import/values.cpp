#include "import/internal/importer.h"

#include "common/configfile.h"
#include "common/text.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <regex>

namespace ys::importer {
namespace {

std::string homeDir()
{
    const char* home = std::getenv("HOME");
    return home ? home : "";
}

// An anchor-based YOLOv3/v4/v5/v7/YOLOR model name ("yolov5s", "yolov7-tiny", "yolov5s6"); Ultralytics'
// anchor-free "yolov5su" is not one.
bool isAnchorModel(const std::string& stem)
{
    static const std::regex anchor("^(yolov[3457]|yolor).*");
    static const std::regex anchorFree("^yolov5[nsmlx]6?u$");
    return std::regex_match(stem, anchor) && !std::regex_match(stem, anchorFree);
}

// What a model YAML of the user's own is written for: anchor boxes listed (`anchors: [[10,13, ...], ...]`,
// YOLOv5/YOLOv7; YOLOv9's files keep a vestigial `anchors: 3`), or the YOLOv9 repository's own heads
// (DDetect, DualDDetect, TripleDDetect: Ultralytics' layout says Detect).
enum class ModelYamlKind { Ultralytics, AnchorBased, Yolov9Repository };
ModelYamlKind modelYamlKind(const fs::path& path)
{
    try {
        const YAML::Node root = YAML::LoadFile(path.string());
        if (!root.IsMap())
            return ModelYamlKind::Ultralytics;
        if (root["anchors"] && root["anchors"].IsSequence())
            return ModelYamlKind::AnchorBased;
        if (root["head"] && root["head"].IsSequence())
            for (const YAML::Node& layer : root["head"])
                if (layer.IsSequence() && layer.size() >= 3 && layer[2].IsScalar() &&
                    layer[2].Scalar().find("DDetect") != std::string::npos)
                    return ModelYamlKind::Yolov9Repository;
        return ModelYamlKind::Ultralytics;
    } catch (const YAML::Exception&) {
        return ModelYamlKind::Ultralytics;  // the trainer says what is wrong with it
    }
}

}  // namespace

// ---- words ------------------------------------------------------------------------------------------------

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::string item;
    for (char c : text + ",") {
        if (c == ',') {
            if (!trim(item).empty())
                out.push_back(trim(item));
            item.clear();
        } else {
            item += c;
        }
    }
    return out;
}

bool isNumber(const std::string& w)
{
    if (w.empty())
        return false;
    char* end = nullptr;
    std::strtod(w.c_str(), &end);
    return end && *end == '\0';
}

std::string asciiDashes(const std::string& w)
{
    for (const char* dash : {"\xE2\x80\x94", "\xE2\x80\x93"}) {  // em dash, en dash
        if (startsWith(w, dash)) {
            std::string rest = w.substr(3);
            if (startsWith(rest, "-"))
                rest = rest.substr(1);
            return "--" + rest;
        }
    }
    return w;
}

// ---- paths --------------------------------------------------------------------------------------------------

std::string portablePath(std::string path)
{
    std::replace(path.begin(), path.end(), '\\', '/');
    return path;
}

fs::path expandHome(const std::string& given)
{
    const std::string p = portablePath(given);
    if (p == "~")
        return fs::path(homeDir());
    if (startsWith(p, "~/"))
        return fs::path(homeDir()) / p.substr(2);
    return fs::path(p);
}

fs::path resolveFrom(const fs::path& base, const std::string& p)
{
    const fs::path path = expandHome(p);
    if (path.is_absolute() || base.empty())
        return path.lexically_normal();
    return (base / path).lexically_normal();
}

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return !p.empty() && fs::is_regular_file(p, ec);
}

std::string fileNameOf(const std::string& path)
{
    return fs::path(portablePath(path)).filename().string();
}

std::string stemOf(const std::string& path)
{
    return lower(fs::path(fileNameOf(path)).stem().string());
}

// ---- files the command names ------------------------------------------------------------------------------

std::string Importer::shown(const std::string& path) const
{
    if (!absolutePaths_)
        return portablePath(path);
    return resolveFrom(base_, path).string();
}

fs::path Importer::lookFor(const std::string& name, const std::vector<fs::path>& folders, std::string* lookedIn) const
{
    std::vector<std::string> seen;
    const fs::path given = expandHome(name);
    if (given.is_absolute()) {
        if (lookedIn)
            *lookedIn = given.parent_path().string();
        return isFile(given) ? given : fs::path();
    }
    for (const fs::path& folder : folders) {
        if (folder.empty())
            continue;
        const fs::path candidate = (folder / given).lexically_normal();
        const std::string shownFolder = folder.lexically_normal().string();
        if (std::find(seen.begin(), seen.end(), shownFolder) == seen.end())
            seen.push_back(shownFolder);
        if (isFile(candidate))
            return candidate;
    }
    if (lookedIn)
        *lookedIn = join(seen, ", ");
    return {};
}

void Importer::loadSettingsFile(const fs::path& path, const std::string& source, bool anchorGains)
{
    auto file = ConfigFile::load(path.string());
    if (!file) {
        skip(source, "import.hyp_unreadable", {source, file.error().toString()});
        return;
    }
    const std::vector<std::string> keys = file->documentKeys();
    // A hyp file without dfl is of an anchor-based trainer (YOLOv5, YOLOv7): its box and cls gains weigh a
    // different loss (box 0.05 there, 7.5 here) and must not be copied.
    const bool foreignGains = anchorGains && std::find(keys.begin(), keys.end(), "dfl") == keys.end();
    const std::string fileName = path.filename().string();
    std::set<std::string> bad;
    for (const Error& e : file->problems()) {
        const std::string key = startsWith(e.code, "config.") ? e.code.substr(7) : e.code;
        bad.insert(key);
        skip(key + " (" + fileName + ":" + std::to_string(e.line) + ")", "import.bad_value",
             {key + " (" + fileName + ":" + std::to_string(e.line) + ")", e.message});
    }
    for (const std::string& key : keys) {
        if (bad.count(key))
            continue;
        const std::string value = *file->config().get(key);
        if (foreignGains && (key == "box" || key == "cls")) {
            skip(key + ": " + value + " (" + fileName + ")", "import.hyp_anchor_gain",
                 {key + ": " + value + " (" + fileName + ")", key, fileName});
            continue;
        }
        fileAssigns_.push_back({key, value, source, {}});
    }
    std::vector<std::string> unused;
    for (const ConfigFileEntry& e : file->unknownKeys())
        unused.push_back(e.key);
    if (!unused.empty())
        skip(join(unused, ", "), "import.file_keys_unused", {join(unused, ", "), fileName});
}

std::optional<std::string> Importer::builtinModel(const std::string& path) const
{
    if (opt_.builtinModels.empty())
        return std::nullopt;
    std::string stem = stemOf(path);
    const std::string ext = lower(fs::path(path).extension().string());
    if (ext != ".yaml" && ext != ".yml")
        return std::nullopt;
    auto has = [&](const std::string& name) {
        return std::find(opt_.builtinModels.begin(), opt_.builtinModels.end(), name) != opt_.builtinModels.end();
    };
    // YOLOv9's repository spells the scale after a hyphen: yolov9-s.yaml is the studio's yolov9s.yaml.
    static const std::regex hyphenated("^(yolov?[0-9]+)-([a-z])$");
    std::smatch m;
    if (std::regex_match(stem, m, hyphenated))
        stem = m.str(1) + m.str(2);
    if (has(stem + ".yaml"))
        return stem + ".yaml";
    if (has(stem + "n.yaml"))  // "yolov8.yaml": the family file, scale n
        return stem + ".yaml";
    return std::nullopt;
}

std::string Importer::modelExample() const
{
    for (const char* name : {"yolov8s.yaml", "yolo11s.yaml"})
        if (std::find(opt_.builtinModels.begin(), opt_.builtinModels.end(), name) != opt_.builtinModels.end())
            return name;
    return opt_.builtinModels.empty() ? std::string("yolov8s.yaml") : opt_.builtinModels.front();
}

// A model YAML or checkpoint named by --cfg / --weights / model=: built in, a file found here, or skipped.
void Importer::modelFile(const std::string& value, const std::string& source, bool script)
{
    const std::string stem = stemOf(value);
    const std::string ext = lower(fs::path(value).extension().string());
    const bool weights = ext == ".pt" || ext == ".pth";
    if (isAnchorModel(stem)) {
        skip(source, "import.anchor_model", {source, fileNameOf(value), modelExample()});
        return;
    }
    std::vector<ImportNote> notes;
    if (!weights) {
        if (auto name = builtinModel(value)) {
            if (lower(value) != *name)
                notes.push_back({"import.builtin_model", {value, *name}});
            static const std::regex yolov9Repo("^yolov9-[a-z]$");
            if (script && std::regex_match(stem, yolov9Repo) && r_.dialect == "YOLOv9")
                notes.push_back({"import.yolov9_aux", {r_.program, *name}});
            if (script && weights_ && trim(weights_->first).empty())
                notes.push_back({"import.from_scratch", {}});
            assign("model", *name, source, notes);
            return;
        }
    }
    std::vector<fs::path> folders = {base_};
    if (script && !weights)
        folders.insert(folders.end(), {scriptDir_, scriptDir_ / "models/detect", scriptDir_ / "models"});
    else if (script)
        folders.push_back(scriptDir_);
    std::string lookedIn;
    const fs::path found = lookFor(value, folders, &lookedIn);
    if (!weights) {
        if (found.empty()) {
            skip(source, "import.model_not_found", {source, lookedIn});
            return;
        }
        const ModelYamlKind kind = modelYamlKind(found);
        if (kind == ModelYamlKind::AnchorBased) {
            skip(source, "import.anchor_model", {source, fileNameOf(value), modelExample()});
            return;
        }
        if (kind == ModelYamlKind::Yolov9Repository)
            notes.push_back({"import.repository_model", {fileNameOf(value)}});
        if (script && weights_ && trim(weights_->first).empty())
            notes.push_back({"import.from_scratch", {}});
        assign("model", absolutePaths_ || found != resolveFrom(base_, value) ? found.string() : portablePath(value), source,
               notes);
        return;
    }
    notes.push_back({"import.fine_tune", {fileNameOf(value)}});
    // The YOLOv9 repository names its checkpoints yolov9-c.pt, gelan-c.pt (Ultralytics': yolov9c.pt).
    static const std::regex repositoryCheckpoint("^(yolov9|gelan)-[a-z].*");
    if (std::regex_match(stem, repositoryCheckpoint))
        notes.push_back({"import.repository_checkpoint", {fileNameOf(value)}});
    std::string written = portablePath(value);
    if (!found.empty())
        written = absolutePaths_ || found != resolveFrom(base_, value) ? found.string() : value;
    else
        notes.push_back({"import.not_found_here", {value, base_.string()}});
    assign("model", written, source, notes);
}

// ---- shared value rules -----------------------------------------------------------------------------------------

void Importer::imgsz(const std::vector<std::string>& values, const std::string& source)
{
    given_.insert("imgsz");
    const std::string v = values.front();
    std::vector<ImportNote> notes;
    if (values.size() > 1)
        notes.push_back({"import.imgsz_test_size", {values[1]}});
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (end && *end == '\0' && !v.empty() && d >= 1 && d <= 8192 && std::floor(d) == d) {
        const int n = static_cast<int>(d);
        // YOLOv5/v9 (check_img_size) and Ultralytics (check_imgsz) round up to a multiple of the stride.
        const int rounded = std::max(32, (n + 31) / 32 * 32);
        if (rounded != n) {
            notes.push_back({"import.imgsz_rounded", {v, std::to_string(rounded)}});
            assign("imgsz", std::to_string(rounded), source, notes);
            return;
        }
    }
    assign("imgsz", v, source, notes);
}

void Importer::device(const std::string& value, const std::string& source)
{
    std::string v = trim(value);
    if (v.size() >= 2 && (v.front() == '[' || v.front() == '(') && (v.back() == ']' || v.back() == ')'))
        v = v.substr(1, v.size() - 2);
    if (v.empty() || lower(v) == "none") {
        skip(source, "import.device_auto", {source});
        return;
    }
    given_.insert("device");
    std::vector<std::string> devices = splitList(v);
    if (devices.empty())
        devices.push_back(v);
    std::vector<ImportNote> notes;
    // CUDA_VISIBLE_DEVICES renumbers the GPUs the command saw; the studio sees them all.
    if (visibleSet_) {
        const std::vector<std::string> visible = splitList(visibleDevices_);
        for (std::string& d : devices) {
            if (d.empty() || !std::all_of(d.begin(), d.end(), ::isdigit))
                continue;
            const size_t index = static_cast<size_t>(std::atoi(d.c_str()));
            if (index < visible.size() && visible[index] != d) {
                notes.push_back({"import.device_visible", {visibleDevices_, d, visible[index]}});
                d = visible[index];
            }
        }
    }
    idleGpus(devices, source, notes);
    const std::string chosen = join(devices, ",");
    if (devices.size() > 1) {
        gpus_ = static_cast<int>(devices.size());
        notes.push_back({"import.device_list", {source, chosen}});
    }
    assign("device", chosen, source, notes);
}

void Importer::idleGpus(std::vector<std::string>& devices, const std::string& source, std::vector<ImportNote>& notes) const
{
    // Ultralytics 8.4: each -1 is the most idle GPU not taken yet, chosen when the run starts (none: the CPU).
    // The import cannot know which is idle: the machine's GPUs in order, or 0, 1, ... for another machine.
    if (r_.style == CommandImport::Style::TrainScript || std::find(devices.begin(), devices.end(), "-1") == devices.end())
        return;
    std::vector<std::string> gpus;
    if (opt_.machineDevices.empty())
        for (int i = 0; i < static_cast<int>(devices.size()); ++i)
            gpus.push_back(std::to_string(i));
    for (const std::string& d : opt_.machineDevices)
        if (!d.empty() && std::all_of(d.begin(), d.end(), ::isdigit))
            gpus.push_back(d);
    std::vector<std::string> out;
    for (const std::string& d : devices) {
        if (d != "-1") {
            out.push_back(d);
            continue;
        }
        auto free = std::find_if(gpus.begin(), gpus.end(), [&](const std::string& g) {
            return std::find(devices.begin(), devices.end(), g) == devices.end() &&
                   std::find(out.begin(), out.end(), g) == out.end();
        });
        if (free != gpus.end())
            out.push_back(*free);
    }
    if (out.empty())
        out.push_back("cpu");
    devices = out;
    notes.push_back({"import.device_idle", {source, join(out, ",")}});
}

void Importer::pathValue(const std::string& key, const std::string& value, const std::string& source)
{
    std::vector<ImportNote> notes;
    const fs::path resolved = resolveFrom(base_, value);
    if (key != "project" && !value.empty() && !isFile(resolved))
        notes.push_back({"import.not_found_here", {value, base_.string()}});
    assign(key, shown(value), source, notes);
}

}  // namespace ys::importer
