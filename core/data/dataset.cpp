#include "data/dataset.h"

#include "data/check.h"
#include "data/imageio.h"
#include "data/parallel.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>
#include <unordered_map>

namespace fs = std::filesystem;

namespace ys {

namespace {

// Coordinates may exceed 0..1 by this much (rounding in labelling tools) before they are an error.
constexpr double kCoordTolerance = 0.01;
// Header bytes read by the scanner; JPEG frame headers sit behind EXIF blocks of up to 64 KiB, in which
// case the whole file is read.
constexpr int64_t kHeaderBytes = 16384;
// A binary file named .txt would otherwise produce one finding per garbage row.
constexpr size_t kMaxIssuesPerFile = 100;

std::string lower(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string normalPath(const fs::path& p)
{
    std::error_code ec;
    fs::path a = p.is_absolute() ? p : fs::absolute(p, ec);
    std::string s = a.lexically_normal().string();
    while (s.size() > 1 && s.back() == '/')
        s.pop_back();
    return s;
}

std::string fileExtension(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return {};
    return lower(path.substr(dot + 1));
}

bool parseNumber(std::string_view tok, double& out)
{
    if (tok.empty())
        return false;
    if (tok.front() == '+')
        tok.remove_prefix(1);
    if (tok.empty() || tok.front() == '+')
        return false;
    const char* first = tok.data();
    const char* last = tok.data() + tok.size();
    const auto r = std::from_chars(first, last, out);
    return r.ec == std::errc() && r.ptr == last;
}

// Stored coordinates stay finite even for rows like "0 0.5 0.5 1e300 1" (reported, kept as invalid boxes).
float toFloat(double v) { return static_cast<float>(std::clamp(v, -1e6, 1e6)); }

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

Error yamlError(const std::string& code, const std::string& message, const std::string& file,
                const YAML::Node& node)
{
    Error e{code, message, file, 0, 0};
    if (node.IsDefined() && node.Mark().line >= 0) {
        e.line = node.Mark().line + 1;
        e.column = node.Mark().column + 1;
    }
    return e;
}

}  // namespace

const char* toString(Split split)
{
    switch (split) {
    case Split::Train: return "train";
    case Split::Val: return "val";
    case Split::Test: return "test";
    }
    return "?";
}

const char* toString(ImageFormat f)
{
    switch (f) {
    case ImageFormat::Unknown: return "unknown";
    case ImageFormat::Jpeg: return "jpeg";
    case ImageFormat::Png: return "png";
    case ImageFormat::Bmp: return "bmp";
    case ImageFormat::Tiff: return "tiff";
    case ImageFormat::Webp: return "webp";
    case ImageFormat::Pfm: return "pfm";
    case ImageFormat::Gif: return "gif";
    case ImageFormat::Other: return "other";
    }
    return "?";
}

bool isImageExtension(const std::string& path)
{
    static const std::array<const char*, 10> kExt = {"bmp", "dng", "jpeg", "jpg", "mpo",
                                                     "png", "tif", "tiff", "webp", "pfm"};
    const std::string ext = fileExtension(path);
    return std::any_of(kExt.begin(), kExt.end(), [&](const char* e) { return ext == e; });
}

std::string labelPathFor(const std::string& imagePath)
{
    std::string p = imagePath;
    const auto at = p.rfind("/images/");
    if (at != std::string::npos)
        p.replace(at, 8, "/labels/");
    const auto slash = p.find_last_of('/');
    const auto dot = p.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
        p.erase(dot);
    return p + ".txt";
}

int Dataset::count(Split s) const
{
    return static_cast<int>(std::count_if(images.begin(), images.end(),
                                          [s](const ImageRecord& r) { return r.split == s; }));
}

// ---------------------------------------------------------------------------------------------------------
// Label parsing

namespace {

// The issues of one label file, at most kMaxIssuesPerFile listed; the rest are counted.
class IssueList {
public:
    explicit IssueList(std::vector<LabelIssue>& out) : out_(out) {}
    // An issue of `code` on `line`, its message `key` of the catalogue (the code when empty) with `args`.
    void add(int line, const char* code, std::vector<std::string> args = {}, const char* key = nullptr)
    {
        if (out_.size() < kMaxIssuesPerFile)
            out_.push_back(issue(line, code, key ? key : code, std::move(args)));
        else
            ++suppressed_;
    }
    // Appends "label.more_issues" when some were not listed.
    void finish()
    {
        if (suppressed_ > 0)
            out_.push_back(issue(0, "label.more_issues", "label.more_issues", {std::to_string(suppressed_)}));
    }

private:
    static LabelIssue issue(int line, const char* code, const char* key, std::vector<std::string> args)
    {
        // Braced initialisation runs left to right: the message is made before the args move.
        return LabelIssue{code, line, findingMessage(key, args), key, std::move(args)};
    }

    std::vector<LabelIssue>& out_;
    size_t suppressed_ = 0;
};

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// Calls `row(line, lineNo)` for every line of `text` (LF, CRLF or CR line ends; a UTF-8 BOM skipped).
template <typename F>
void forEachLine(const std::string& text, F&& row)
{
    std::string_view all(text);
    if (all.size() >= 3 && static_cast<unsigned char>(all[0]) == 0xEF &&
        static_cast<unsigned char>(all[1]) == 0xBB && static_cast<unsigned char>(all[2]) == 0xBF)
        all.remove_prefix(3);
    int lineNo = 0;
    size_t pos = 0;
    while (pos < all.size()) {
        size_t end = pos;
        while (end < all.size() && all[end] != '\n' && all[end] != '\r')
            ++end;
        const std::string_view line = all.substr(pos, end - pos);
        ++lineNo;
        // CRLF counts as one line break.
        if (end < all.size() && all[end] == '\r' && end + 1 < all.size() && all[end + 1] == '\n')
            ++end;
        pos = end + 1;
        row(line, lineNo);
    }
}

void splitTokens(std::string_view line, std::vector<std::string_view>& toks)
{
    toks.clear();
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isBlank(line[i]))
            ++i;
        const size_t s = i;
        while (i < line.size() && !isBlank(line[i]))
            ++i;
        if (i > s)
            toks.push_back(line.substr(s, i - s));
    }
}

// The values of one row: a box (5 values) or a polygon (7, 9, ... values), every value a finite number and
// the class id a whole number in 0..nc-1 (nc < 0: any). False, with the issue reported, otherwise.
bool parseLabelRow(const std::vector<std::string_view>& toks, int lineNo, int nc, std::vector<double>& vals,
                   IssueList& issues)
{
    const size_t n = toks.size();
    const bool isBox = n == 5;
    const bool isPolygon = n >= 7 && (n - 1) % 2 == 0;
    if (!isBox && !isPolygon) {
        issues.add(lineNo, "label.columns", {std::to_string(n)});
        return false;
    }
    vals.assign(n, 0.0);
    for (size_t k = 0; k < n; ++k) {
        if (!parseNumber(toks[k], vals[k])) {
            std::string tok(toks[k].substr(0, 24));
            for (char& c : tok)
                if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F)
                    c = '?';
            issues.add(lineNo, "label.nonnumeric", {std::to_string(k + 1), tok});
            return false;
        }
    }
    if (!std::all_of(vals.begin(), vals.end(), [](double v) { return std::isfinite(v); })) {
        issues.add(lineNo, "label.nonfinite");
        return false;
    }
    const double c = vals[0];
    if (c < 0) {
        issues.add(lineNo, "label.class_negative", {fmt(c)});
        return false;
    }
    if (c != std::floor(c)) {
        issues.add(lineNo, "label.class_noninteger", {fmt(c)});
        return false;
    }
    if (nc >= 0 && c >= nc) {
        issues.add(lineNo, "label.class_range", {fmt(c), std::to_string(nc), std::to_string(nc - 1)});
        return false;
    }
    return true;
}

// Exact duplicate rows of one file: the parsed values and the line of their first occurrence.
class RowDeduper {
public:
    // True (and the issue reported) when `vals` repeat an earlier row; the copy is then dropped.
    bool repeats(const std::vector<double>& vals, int lineNo, IssueList& issues)
    {
        const auto [it, inserted] = seen_.emplace(vals, lineNo);
        if (inserted)
            return false;
        issues.add(lineNo, "label.duplicate_row", {std::to_string(it->second)});
        return true;
    }

private:
    std::map<std::vector<double>, int> seen_;
};

// A box row's coordinates: outside 0..1 (beyond the tolerance) or a size that is not positive keeps the
// box with valid = false and reports it.
LabelBox boxFromValues(const std::vector<double>& vals, int lineNo, IssueList& issues)
{
    LabelBox b;
    b.cls = static_cast<int>(vals[0]);
    b.line = lineNo;
    const double cx = vals[1], cy = vals[2], w = vals[3], h = vals[4];
    b.cx = toFloat(cx);
    b.cy = toFloat(cy);
    b.w = toFloat(w);
    b.h = toFloat(h);
    if (w <= 0 || h <= 0) {
        issues.add(lineNo, "label.size_nonpositive", {fmt(w), fmt(h)});
        b.valid = false;
        return b;
    }
    std::vector<std::string> bad;  // name/value pairs (coordinateNames())
    const double values[] = {cx, cy, w, h, cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2};
    for (size_t k = 0; k < std::size(values); ++k) {
        if (values[k] < -kCoordTolerance || values[k] > 1.0 + kCoordTolerance) {
            bad.push_back(coordinateNames()[k]);
            bad.push_back(fmt(values[k]));
        }
    }
    if (!bad.empty()) {
        issues.add(lineNo, "label.out_of_range", std::move(bad));
        b.valid = false;
    }
    return b;
}

// A polygon row becomes its bounding box (clamped to the image); a point outside 0..1 or an empty box keeps
// it with valid = false and reports it.
LabelBox boxFromPolygon(const std::vector<double>& vals, int lineNo, IssueList& issues)
{
    LabelBox b;
    b.cls = static_cast<int>(vals[0]);
    b.line = lineNo;
    b.polygon = true;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    std::vector<std::string> bad;  // the first point outside: its number, x and y
    for (size_t k = 1; k + 1 < vals.size(); k += 2) {
        const double x = vals[k], y = vals[k + 1];
        if ((x < -kCoordTolerance || x > 1 + kCoordTolerance || y < -kCoordTolerance || y > 1 + kCoordTolerance) &&
            bad.empty())
            bad = {std::to_string((k + 1) / 2), fmt(x), fmt(y)};
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
    }
    x0 = std::clamp(x0, 0.0, 1.0);
    x1 = std::clamp(x1, 0.0, 1.0);
    y0 = std::clamp(y0, 0.0, 1.0);
    y1 = std::clamp(y1, 0.0, 1.0);
    b.cx = static_cast<float>((x0 + x1) / 2);
    b.cy = static_cast<float>((y0 + y1) / 2);
    b.w = static_cast<float>(x1 - x0);
    b.h = static_cast<float>(y1 - y0);
    if (!bad.empty()) {
        issues.add(lineNo, "label.out_of_range", std::move(bad), "label.out_of_range.polygon");
        b.valid = false;
    } else if (b.w <= 0 || b.h <= 0) {
        issues.add(lineNo, "label.size_nonpositive", {}, "label.size_nonpositive.polygon");
        b.valid = false;
    }
    return b;
}

// Box rows and polygon rows of one file: a file that mixes them is reported once, at the first row of
// the minority format.
struct FormatMix {
    int boxRows = 0, polygonRows = 0, firstBoxLine = 0, firstPolygonLine = 0;
    void add(bool polygon, int lineNo)
    {
        int& rows = polygon ? polygonRows : boxRows;
        int& first = polygon ? firstPolygonLine : firstBoxLine;
        ++rows;
        if (!first)
            first = lineNo;
    }
    void report(IssueList& issues) const
    {
        if (boxRows == 0 || polygonRows == 0)
            return;
        issues.add(polygonRows <= boxRows ? firstPolygonLine : firstBoxLine, "label.mixed",
                   {std::to_string(boxRows), std::to_string(polygonRows)});
    }
};

}  // namespace

ParsedLabels parseLabels(const std::string& text, int nc)
{
    ParsedLabels out;
    IssueList issues(out.issues);
    RowDeduper dedupe;
    FormatMix mix;
    std::vector<double> vals;
    std::vector<std::string_view> toks;
    forEachLine(text, [&](std::string_view line, int lineNo) {
        splitTokens(line, toks);
        if (toks.empty())
            return;
        ++out.rows;
        if (!parseLabelRow(toks, lineNo, nc, vals, issues) || dedupe.repeats(vals, lineNo, issues))
            return;
        const bool polygon = vals.size() != 5;
        mix.add(polygon, lineNo);
        out.boxes.push_back(polygon ? boxFromPolygon(vals, lineNo, issues) : boxFromValues(vals, lineNo, issues));
    });
    mix.report(issues);
    issues.finish();
    return out;
}

// ---------------------------------------------------------------------------------------------------------
// data.yaml

namespace {

// `path:` root: relative to the YAML's folder; the YAML's folder when absent or empty.
Expected<std::string> readRootPath(const YAML::Node& root, const std::string& yamlPath)
{
    const fs::path yamlDir = fs::path(yamlPath).parent_path();
    const YAML::Node p = root["path"];
    if (!p.IsDefined() || p.IsNull())
        return normalPath(yamlDir);
    if (!p.IsScalar())
        return yamlError("data.path_invalid", "`path:` must be a folder name", yamlPath, p);
    const std::string s = p.Scalar();
    if (s.empty())
        return normalPath(yamlDir);
    const fs::path pp(s);
    const fs::path rootDir = pp.is_absolute() ? pp : yamlDir / pp;
    std::error_code ec;
    if (!fs::is_directory(rootDir, ec))
        return yamlError("data.root_missing",
                         "`path: " + s + "` resolves to " + normalPath(rootDir) +
                             ", which is not a folder; fix `path:` (relative paths start at the folder of data.yaml) "
                             "or remove it",
                         yamlPath, p);
    return normalPath(rootDir);
}

// One entry of a split (a folder, an image or a .txt list) resolved against the root into `out`.
std::optional<Error> resolveEntry(const DatasetSpec& spec, const std::string& key, const YAML::Node& node,
                                  std::vector<std::string>& out)
{
    if (!node.IsScalar())
        return yamlError("data.source_invalid", "each `" + key + ":` entry must be a folder or a .txt list path",
                         spec.yamlPath, node);
    const std::string s = node.Scalar();
    if (s.empty())
        return yamlError("data.source_invalid", "`" + key + ":` has an empty entry", spec.yamlPath, node);
    std::error_code ec;
    const fs::path p(s);
    fs::path full = p.is_absolute() ? p : fs::path(spec.root) / p;
    if (!fs::exists(full, ec) && !p.is_absolute() && s.rfind("../", 0) == 0 &&
        fs::exists(fs::path(spec.root) / s.substr(3), ec))
        full = fs::path(spec.root) / s.substr(3);  // Ultralytics' fallback for "../" entries
    if (!fs::exists(full, ec))
        return yamlError("data.source_missing",
                         "`" + key + ": " + s + "` resolves to " + normalPath(full) +
                             ", which does not exist; fix the entry (relative entries start at `path:`, or at the "
                             "folder of data.yaml when `path:` is absent)",
                         spec.yamlPath, node);
    out.push_back(normalPath(full));
    return std::nullopt;
}

bool isEmptyEntry(const YAML::Node& node)
{
    return !node.IsDefined() || node.IsNull() || (node.IsScalar() && node.Scalar().empty());
}

// train:, val: (or validation:) and test: resolved into spec.sources; train and val are required.
std::optional<Error> resolveSplitEntries(const YAML::Node& root, DatasetSpec& spec)
{
    auto readSplit = [&](Split split, const char* key, const YAML::Node& node) -> std::optional<Error> {
        auto& out = spec.sources[static_cast<int>(split)];
        if (!node.IsSequence())
            return resolveEntry(spec, key, node, out);
        for (const auto& item : node)
            if (auto err = resolveEntry(spec, key, item, out))
                return err;
        return std::nullopt;
    };
    const YAML::Node train = root["train"];
    if (isEmptyEntry(train))
        return Error{"data.missing_train", "data.yaml has no `train:` entry; add one, e.g. `train: images/train`",
                     spec.yamlPath, 0, 0};
    // yaml-cpp nodes assign by reference: pick the key first, then read its node once.
    const bool hasVal = root["val"].IsDefined() && !root["val"].IsNull();
    const char* valKey = hasVal ? "val" : "validation";
    const YAML::Node val = root[valKey];
    if (isEmptyEntry(val))
        return Error{"data.missing_val", "data.yaml has no `val:` entry; add one, e.g. `val: images/val`",
                     spec.yamlPath, 0, 0};
    if (auto err = readSplit(Split::Train, "train", train))
        return err;
    if (auto err = readSplit(Split::Val, valKey, val))
        return err;
    if (const YAML::Node test = root["test"]; !isEmptyEntry(test))
        return readSplit(Split::Test, "test", test);
    return std::nullopt;
}

// `names:` as a map {index: name}, the indices 0..n-1 without gaps.
std::optional<Error> readNameMap(const YAML::Node& names, DatasetSpec& spec)
{
    std::map<long long, std::string> byIndex;
    for (const auto& kv : names) {
        long long idx = -1;
        if (!kv.first.IsScalar() || !YAML::convert<long long>::decode(kv.first, idx) || idx < 0)
            return yamlError("data.names_keys",
                             "`names:` keys must be class indices 0, 1, 2, ...; found '" +
                                 (kv.first.IsScalar() ? kv.first.Scalar() : std::string("?")) + "'",
                             spec.yamlPath, kv.first);
        if (!kv.second.IsScalar())
            return yamlError("data.names_invalid", "each class name must be a plain string", spec.yamlPath, kv.second);
        byIndex[idx] = kv.second.Scalar();
    }
    long long expect = 0;
    for (const auto& [idx, name] : byIndex) {
        if (idx != expect)
            return yamlError("data.names_keys",
                             "`names:` indices must run 0.." + std::to_string(byIndex.size() - 1) +
                                 " without gaps; index " + std::to_string(expect) + " is missing",
                             spec.yamlPath, names);
        spec.names.push_back(name);
        ++expect;
    }
    return std::nullopt;
}

// names: a list or {index: name}; or only nc (class_0, class_1, ...). nc and names must agree.
std::optional<Error> readNames(const YAML::Node& root, DatasetSpec& spec)
{
    const YAML::Node names = root["names"];
    const YAML::Node ncNode = root["nc"];
    int nc = -1;
    if (ncNode.IsDefined() && !ncNode.IsNull()) {
        if (!ncNode.IsScalar() || !YAML::convert<int>::decode(ncNode, nc) || nc <= 0)
            return yamlError("data.nc_invalid", "`nc:` must be a positive whole number (the class count)",
                             spec.yamlPath, ncNode);
    }
    if (!names.IsDefined() || names.IsNull()) {
        if (nc <= 0)
            return Error{"data.no_names", "data.yaml has neither `names:` nor `nc:`; add `names: [cat, dog, ...]`",
                         spec.yamlPath, 0, 0};
        for (int i = 0; i < nc; ++i)
            spec.names.push_back("class_" + std::to_string(i));
        return std::nullopt;
    }
    if (names.IsSequence()) {
        for (const auto& n : names) {
            if (!n.IsScalar())
                return yamlError("data.names_invalid", "each class name must be a plain string", spec.yamlPath, n);
            spec.names.push_back(n.Scalar());
        }
    } else if (names.IsMap()) {
        if (auto err = readNameMap(names, spec))
            return err;
    } else {
        return yamlError("data.names_invalid",
                         "`names:` must be a list of class names or a map {0: name, 1: name, ...}", spec.yamlPath,
                         names);
    }
    if (spec.names.empty())
        return yamlError("data.names_invalid", "`names:` is empty; list the class names", spec.yamlPath, names);
    if (nc >= 0 && nc != spec.nc())
        return yamlError("data.names_nc_mismatch",
                         "`nc: " + std::to_string(nc) + "` but `names:` lists " + std::to_string(spec.nc()) +
                             " classes; make them agree (or remove `nc:`)",
                         spec.yamlPath, ncNode);
    return std::nullopt;
}

}  // namespace

Expected<DatasetSpec> loadDataYaml(const std::string& yamlPathIn)
{
    const std::string yamlPath = normalPath(fs::path(yamlPathIn));
    std::error_code ec;
    if (yamlPathIn.empty() || !fs::exists(yamlPath, ec))
        return Error{"data.not_found", "dataset file not found: check the path to data.yaml", yamlPath, 0, 0};
    if (fs::is_directory(yamlPath, ec))
        return Error{"data.not_a_file", "this is a folder; give the path of the dataset's data.yaml inside it",
                     yamlPath, 0, 0};
    std::string text;
    if (!detail::readTextFile(yamlPath, text))
        return Error{"data.unreadable", "cannot read the dataset file: check its permissions", yamlPath, 0, 0};

    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception& ex) {
        return Error{"yaml.syntax", "YAML syntax error: " + ex.msg + "; fix the file in a text editor", yamlPath,
                     ex.mark.line >= 0 ? ex.mark.line + 1 : 0, ex.mark.column >= 0 ? ex.mark.column + 1 : 0};
    } catch (const std::exception& ex) {
        return Error{"yaml.syntax", std::string("cannot parse the YAML: ") + ex.what(), yamlPath, 0, 0};
    }

    try {
        if (!root.IsMap())
            return yamlError("data.not_a_map",
                             "data.yaml must be a mapping with at least `train:`, `val:` and `names:`", yamlPath,
                             root);
        DatasetSpec spec;
        spec.yamlPath = yamlPath;
        auto rootDir = readRootPath(root, yamlPath);
        if (!rootDir)
            return rootDir.error();
        spec.root = std::move(*rootDir);
        if (auto err = resolveSplitEntries(root, spec))
            return *err;
        if (auto err = readNames(root, spec))
            return *err;
        return spec;
    } catch (const YAML::Exception& ex) {
        return Error{"yaml.invalid", "unexpected YAML structure: " + ex.msg, yamlPath,
                     ex.mark.line >= 0 ? ex.mark.line + 1 : 0, ex.mark.column >= 0 ? ex.mark.column + 1 : 0};
    }
}

std::string findDataYaml(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    if (path.empty())
        return {};
    if (fs::is_regular_file(p, ec)) {
        const std::string ext = fileExtension(path);
        return ext == "yaml" || ext == "yml" ? normalPath(p) : std::string();
    }
    if (!fs::is_directory(p, ec))
        return {};
    if (fs::is_regular_file(p / "data.yaml", ec))
        return normalPath(p / "data.yaml");
    std::string only;
    int count = 0;
    for (fs::directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fec;
        const std::string ext = fileExtension(it->path().string());
        if ((ext == "yaml" || ext == "yml") && it->is_regular_file(fec)) {
            only = normalPath(it->path());
            ++count;
        }
    }
    return count == 1 ? only : std::string();
}

// ---------------------------------------------------------------------------------------------------------
// Scanning

namespace {

struct Candidate {
    std::string path;
    Split split;
    std::string listFile;  // empty for folder scans
    int line = 0;
};

void enumerateFolder(const std::string& dir, Split split, std::vector<Candidate>& out, const CancelToken& cancel)
{
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        if (cancel.cancelled())
            return;
        std::error_code fec;
        if (!it->is_regular_file(fec))
            continue;
        std::string p = it->path().string();
        if (isImageExtension(p))
            out.push_back({normalPath(it->path()), split, {}, 0});
    }
}

void enumerateList(const std::string& list, const std::string& root, Split split, std::vector<Candidate>& out,
                   Dataset& ds)
{
    std::string text;
    if (!detail::readTextFile(list, text)) {
        ds.missingImages.push_back({"data.list_unreadable", list, 0, "data.list_unreadable", {}});
        return;
    }
    const fs::path listDir = fs::path(list).parent_path();
    std::string_view all(text);
    if (all.size() >= 3 && all.substr(0, 3) == "\xEF\xBB\xBF")
        all.remove_prefix(3);
    int lineNo = 0;
    size_t pos = 0;
    while (pos < all.size()) {
        size_t end = all.find('\n', pos);
        if (end == std::string_view::npos)
            end = all.size();
        std::string_view line = all.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
            line.remove_suffix(1);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
            line.remove_prefix(1);
        if (line.empty())
            continue;
        const std::string entry(line);
        fs::path p;
        if (entry.rfind("./", 0) == 0)
            p = listDir / entry.substr(2);
        else if (fs::path(entry).is_absolute())
            p = entry;
        else
            p = fs::path(root) / entry;
        const std::string full = normalPath(p);
        if (!isImageExtension(full)) {
            ds.skippedEntries.push_back({"image.unsupported", list, lineNo, "image.unsupported.list", {entry}});
            continue;
        }
        out.push_back({full, split, list, lineNo});
    }
}

}  // namespace

Expected<Dataset> scanDataset(const DatasetSpec& spec, const ProgressFn& progress, const CancelToken& cancel)
{
    Dataset ds;
    ds.spec = spec;
    std::vector<Candidate> cands;
    for (int s = 0; s < kSplitCount; ++s) {
        std::vector<Candidate> split;
        for (const std::string& src : spec.sources[s]) {
            std::error_code ec;
            if (fs::is_directory(src, ec))
                enumerateFolder(src, static_cast<Split>(s), split, cancel);
            else if (isImageExtension(src))
                split.push_back({normalPath(src), static_cast<Split>(s), {}, 0});
            else if (fs::exists(src, ec))
                enumerateList(src, spec.root, static_cast<Split>(s), split, ds);
            else
                return Error{"data.source_missing", "dataset source does not exist: " + src +
                                                        "; fix data.yaml",
                             spec.yamlPath, 0, 0};
            if (cancel.cancelled())
                return ds;
        }
        std::stable_sort(split.begin(), split.end(),
                         [](const Candidate& a, const Candidate& b) { return a.path < b.path; });
        std::string previous;
        for (size_t i = 0; i < split.size(); ++i) {
            if (i > 0 && split[i].path == previous) {
                const Candidate& c = split[i];
                ds.duplicateEntries.push_back({"data.listed_twice", c.listFile.empty() ? c.path : c.listFile, c.line,
                                               "data.listed_twice", {c.path, toString(c.split)}});
                continue;
            }
            previous = split[i].path;
            cands.push_back(std::move(split[i]));
        }
    }

    const int nc = spec.nc();
    std::vector<ImageRecord> records(cands.size());
    std::vector<uint8_t> missing(cands.size(), 0);
    detail::ProgressThrottle throttle(progress, ProgressStage::Scan, static_cast<int64_t>(cands.size()));
    const int64_t done = detail::parallelFor(
        static_cast<int64_t>(cands.size()), 0, cancel, &throttle, [&](int64_t i, int) {
            thread_local std::vector<uint8_t> buf;
            thread_local std::string text;
            const Candidate& c = cands[static_cast<size_t>(i)];
            ImageRecord& r = records[static_cast<size_t>(i)];
            r.image = c.path;
            r.split = c.split;
            r.sourceFile = c.listFile;
            r.sourceLine = c.line;
            r.label = labelPathFor(c.path);
            std::string err;
            int64_t size = -1;
            if (!detail::readFileBytes(c.path, kHeaderBytes, buf, size, err)) {
                std::error_code ec;
                if (!fs::exists(c.path, ec))
                    missing[static_cast<size_t>(i)] = 1;
                r.headerError = err;   // the check words it (image.unreadable)
                r.fileSize = size;
            } else {
                r.fileSize = size;
                detail::HeaderInfo h = detail::parseImageHeader(buf.data(), buf.size());
                if (h.needMore && static_cast<int64_t>(buf.size()) < size &&
                    detail::readFileBytes(c.path, -1, buf, size, err))
                    h = detail::parseImageHeader(buf.data(), buf.size());
                r.format = h.format;
                r.width = h.width;
                r.height = h.height;
                r.headerError = h.error;
                if (!h.error.empty())
                    r.width = r.height = 0;
            }
            if (detail::readTextFile(r.label, text)) {
                r.labelExists = true;
                ParsedLabels p = parseLabels(text, nc);
                r.boxes = std::move(p.boxes);
                r.labelIssues = std::move(p.issues);
                r.labelRows = p.rows;
            }
        });
    records.resize(static_cast<size_t>(done));
    ds.images.reserve(records.size());
    for (size_t i = 0; i < records.size(); ++i) {
        if (missing[i]) {
            const Candidate& c = cands[i];
            ds.missingImages.push_back({"data.missing_image", c.listFile.empty() ? c.path : c.listFile, c.line,
                                        "data.missing_image", {c.path}});
            continue;
        }
        ds.images.push_back(std::move(records[i]));
    }
    return ds;
}

Expected<Dataset> openDataset(const std::string& yamlPath, const ProgressFn& progress, const CancelToken& cancel)
{
    auto spec = loadDataYaml(yamlPath);
    if (!spec)
        return spec.error();
    return scanDataset(*spec, progress, cancel);
}

}  // namespace ys
