// check.json and the other forms of a check result: JSON (written and read back), CSV, the CLI's text.
#include "data/check.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace ys {

namespace {

Severity severityFrom(const std::string& s)
{
    if (s == "error")
        return Severity::Error;
    if (s == "warning")
        return Severity::Warning;
    return Severity::Info;
}

std::string text(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

template <typename T>
T number(const nlohmann::json& j, const char* key, T fallback)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number())
        return fallback;
    if constexpr (std::is_integral_v<T>) {
        const double v = it->get<double>();
        return v >= static_cast<double>(std::numeric_limits<T>::min()) && v <= static_cast<double>(std::numeric_limits<T>::max())
                   ? static_cast<T>(v) : fallback;
    } else {
        return it->get<T>();
    }
}

const nlohmann::json& member(const nlohmann::json& j, const char* key)
{
    static const nlohmann::json none = nlohmann::json::object();
    const auto it = j.find(key);
    return it != j.end() && it->is_object() ? *it : none;
}

uint32_t categoryOf(const std::string& code)
{
    for (const CheckCode& c : checkCodes())
        if (code == c.code)
            return c.category;
    return 0;
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s) {
        if (c == '"')
            q += '"';
        q += c;
    }
    return q + '"';
}

void readSummary(const nlohmann::json& j, CheckSummary& s)
{
    const nlohmann::json& images = member(j, "images");
    for (int k = 0; k < kSplitCount; ++k)
        s.images[k] = number<int64_t>(images, toString(static_cast<Split>(k)), 0);
    s.labelFiles = number<int64_t>(j, "label_files", 0);
    s.boxes = number<int64_t>(j, "boxes", 0);
    s.backgrounds = number<int64_t>(j, "backgrounds", 0);
    s.corruptImages = number<int64_t>(j, "corrupt_images", 0);
    s.orphanLabels = number<int64_t>(j, "orphan_labels", 0);
    s.errors = number<int64_t>(j, "errors", 0);
    s.warnings = number<int64_t>(j, "warnings", 0);
    s.infos = number<int64_t>(j, "infos", 0);
    s.seconds = number<double>(j, "seconds", 0.0);
    if (const auto c = j.find("cancelled"); c != j.end() && c->is_boolean())
        s.cancelled = c->get<bool>();
    if (const auto pc = j.find("per_class"); pc != j.end() && pc->is_array())
        for (const auto& c : *pc)
            if (c.is_object())
                s.perClass.push_back({number<int64_t>(c, "boxes", 0), number<int64_t>(c, "images", 0)});
    for (const auto& [code, n] : member(j, "by_code").items())
        if (n.is_number())
            s.byCode[code] = n.get<int64_t>();
}

}  // namespace

std::string checkResultToJson(const Dataset& ds, const CheckResult& result, const CheckOptions& o)
{
    using nlohmann::json;
    const CheckSummary& s = result.summary;
    json perClass = json::array();
    for (size_t c = 0; c < s.perClass.size(); ++c)
        perClass.push_back({{"id", c},
                            {"name", c < ds.spec.names.size() ? ds.spec.names[c] : std::string()},
                            {"boxes", s.perClass[c].boxes},
                            {"images", s.perClass[c].images}});
    json byCode = json::object();
    for (const auto& [code, count] : s.byCode)
        byCode[code] = count;
    json findings = json::array();
    for (const Finding& f : result.findings) {
        json j = {{"severity", toString(f.severity)}, {"code", f.code}, {"file", f.file},
                  {"line", f.line},                   {"message", f.message}, {"image", f.image},
                  {"box", f.box}};
        if (!f.messageKey.empty()) {   // so that a front end words the finding in its own language
            j["message_key"] = f.messageKey;
            j["args"] = f.args;
        }
        if (f.relatedImage >= 0 && f.relatedImage < static_cast<int>(ds.images.size()))
            j["related"] = ds.images[static_cast<size_t>(f.relatedImage)].image;
        findings.push_back(std::move(j));
    }
    json excluded = json::object();
    for (int sp = 0; sp < kSplitCount; ++sp)
        excluded[toString(static_cast<Split>(sp))] = json::array();
    for (const ExcludedImage& e : excludedImages(ds, result))
        excluded[toString(e.split)].push_back({{"file", e.image}, {"code", e.code}});
    json doc = {
        {"dataset",
         {{"yaml", ds.spec.yamlPath}, {"root", ds.spec.root}, {"names", ds.spec.names}}},
        {"options",
         {{"imgsz", o.imgsz},
          {"min_box_pixels", o.minBoxPixels},
          {"hash_images", o.hashImages},
          {"phash_max_distance", o.phashMaxDistance},
          {"near_duplicate_iou", o.nearDuplicateIoU}}},
        {"summary",
         {{"images", {{"train", s.images[0]}, {"val", s.images[1]}, {"test", s.images[2]}}},
          {"label_files", s.labelFiles},
          {"boxes", s.boxes},
          {"backgrounds", s.backgrounds},
          {"corrupt_images", s.corruptImages},
          {"orphan_labels", s.orphanLabels},
          {"errors", s.errors},
          {"warnings", s.warnings},
          {"infos", s.infos},
          {"per_class", perClass},
          {"by_code", byCode},
          {"seconds", s.seconds},
          {"cancelled", s.cancelled}}},
        {"findings", findings},
        {"excluded", excluded},
    };
    // Invalid UTF-8 in file names must not make the export throw.
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string checkResultToText(const Dataset& ds, const CheckResult& result, size_t maxFindings)
{
    const CheckSummary& s = result.summary;
    std::string t;
    char line[512];
    std::snprintf(line, sizeof line, "dataset  %s\n", ds.spec.yamlPath.c_str());
    t += line;
    std::snprintf(line, sizeof line,
                  "images   %lld train, %lld val, %lld test; %lld label files, %lld boxes, %lld backgrounds, "
                  "%lld corrupt\n",
                  static_cast<long long>(s.images[0]), static_cast<long long>(s.images[1]),
                  static_cast<long long>(s.images[2]), static_cast<long long>(s.labelFiles),
                  static_cast<long long>(s.boxes), static_cast<long long>(s.backgrounds),
                  static_cast<long long>(s.corruptImages));
    t += line;
    std::snprintf(line, sizeof line, "result   %lld errors, %lld warnings, %lld info (%.2f s)%s\n",
                  static_cast<long long>(s.errors), static_cast<long long>(s.warnings),
                  static_cast<long long>(s.infos), s.seconds, s.cancelled ? " - CANCELLED, incomplete" : "");
    t += line;
    if (!s.perClass.empty()) {
        t += "\nboxes per class:\n";
        for (size_t c = 0; c < s.perClass.size(); ++c) {
            std::snprintf(line, sizeof line, "  %3zu %-24s %8lld boxes in %lld images\n", c,
                          c < ds.spec.names.size() ? ds.spec.names[c].c_str() : "?",
                          static_cast<long long>(s.perClass[c].boxes), static_cast<long long>(s.perClass[c].images));
            t += line;
        }
    }
    if (!s.byCode.empty()) {
        t += "\nfindings by code:\n";
        for (const CheckCode& c : checkCodes()) {
            auto it = s.byCode.find(c.code);
            if (it == s.byCode.end())
                continue;
            std::snprintf(line, sizeof line, "  %-8s %-26s %8lld\n", toString(c.severity), c.code,
                          static_cast<long long>(it->second));
            t += line;
        }
    }
    if (!result.findings.empty()) {
        t += "\nfindings";
        if (result.findings.size() > maxFindings)
            t += " (first " + std::to_string(maxFindings) + " of " + std::to_string(result.findings.size()) +
                 "; use json=FILE for all)";
        t += ":\n";
        for (size_t k = 0; k < result.findings.size() && k < maxFindings; ++k) {
            const Finding& f = result.findings[k];
            t += std::string("  ") + toString(f.severity) + " " + f.code + " " + f.file;
            if (f.line > 0)
                t += ":" + std::to_string(f.line);
            t += ": " + f.message + "\n";
        }
    }
    return t;
}

std::string checkResultToCsv(const CheckResult& result)
{
    std::string csv = "severity,code,file,line,message\n";
    for (const Finding& f : result.findings)
        csv += std::string(toString(f.severity)) + ',' + csvField(f.code) + ',' + csvField(f.file) + ',' +
               std::to_string(f.line) + ',' + csvField(f.message) + '\n';
    return csv;
}

Expected<CheckFile> checkResultFromJson(const std::string& textIn, const std::string& source)
{
    using nlohmann::json;
    const json j = json::parse(textIn, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"check.invalid", "check.json is not a JSON object", source, 0, 0};
    CheckFile f;
    const json& dataset = member(j, "dataset");
    f.yamlPath = text(dataset, "yaml");
    f.root = text(dataset, "root");
    if (const auto n = dataset.find("names"); n != dataset.end() && n->is_array())
        for (const auto& name : *n)
            f.names.push_back(name.is_string() ? name.get<std::string>() : std::string());
    const json& o = member(j, "options");
    f.options.imgsz = number<int>(o, "imgsz", f.options.imgsz);
    f.options.minBoxPixels = number<double>(o, "min_box_pixels", f.options.minBoxPixels);
    f.options.phashMaxDistance = number<int>(o, "phash_max_distance", f.options.phashMaxDistance);
    f.options.nearDuplicateIoU = number<double>(o, "near_duplicate_iou", f.options.nearDuplicateIoU);
    if (const auto h = o.find("hash_images"); h != o.end() && h->is_boolean())
        f.options.hashImages = h->get<bool>();
    readSummary(member(j, "summary"), f.result.summary);
    if (const auto fs = j.find("findings"); fs != j.end() && fs->is_array()) {
        for (const auto& x : *fs) {
            if (!x.is_object())
                continue;
            Finding fd;
            fd.severity = severityFrom(text(x, "severity"));
            fd.code = text(x, "code");
            fd.file = text(x, "file");
            fd.line = std::max(0, number<int>(x, "line", 0));
            fd.message = text(x, "message");
            fd.messageKey = text(x, "message_key");
            if (const auto args = x.find("args"); args != x.end() && args->is_array())
                for (const auto& a : *args)
                    if (a.is_string())
                        fd.args.push_back(a.get<std::string>());
            fd.image = number<int>(x, "image", -1);
            fd.box = number<int>(x, "box", -1);
            fd.category = categoryOf(fd.code);
            f.result.findings.push_back(std::move(fd));
        }
    }
    const json& excluded = member(j, "excluded");
    for (int sp = 0; sp < kSplitCount; ++sp) {
        const auto list = excluded.find(toString(static_cast<Split>(sp)));
        if (list == excluded.end() || !list->is_array())
            continue;
        for (const auto& e : *list)
            if (e.is_object())
                f.excluded.push_back({text(e, "file"), static_cast<Split>(sp), text(e, "code")});
    }
    return f;
}

}  // namespace ys
