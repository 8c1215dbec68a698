#include "labelcorrupt.h"

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace ys::test {

namespace {

const char* const kImageExtensions[] = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp", ".dng", ".mpo",
                                        ".pfm", ".JPG", ".JPEG", ".PNG", ".BMP"};

struct Row {
    size_t file = 0;   // index into the label files
    int line = 0;      // 1-based
    std::vector<double> values;  // class, then coordinates
};

bool readLines(const fs::path& path, std::vector<std::string>& lines)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(line);
    }
    return true;
}

bool parseRow(const std::string& text, std::vector<double>& values)
{
    std::istringstream in(text);
    values.clear();
    std::string token;
    while (in >> token) {
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end == token.c_str() || *end != '\0' || !std::isfinite(v))
            return false;
        values.push_back(v);
    }
    return values.size() >= 5 && values.size() % 2 == 1;
}

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return buf;
}

std::string formatRow(int cls, const std::vector<double>& coords)
{
    std::string s = std::to_string(cls);
    for (double v : coords)
        s += " " + number(v);
    return s;
}

// The bounding box (cx, cy, w, h) of a row's coordinates: the box itself, or a polygon's extent.
void boundingBox(const std::vector<double>& values, double& cx, double& cy, double& w, double& h)
{
    if (values.size() == 5) {
        cx = values[1], cy = values[2], w = values[3], h = values[4];
        return;
    }
    double x1 = 1e9, y1 = 1e9, x2 = -1e9, y2 = -1e9;
    for (size_t i = 1; i + 1 < values.size(); i += 2) {
        x1 = std::min(x1, values[i]), x2 = std::max(x2, values[i]);
        y1 = std::min(y1, values[i + 1]), y2 = std::max(y2, values[i + 1]);
    }
    cx = (x1 + x2) / 2, cy = (y1 + y2) / 2, w = x2 - x1, h = y2 - y1;
}

fs::path imageFor(const fs::path& label)
{
    std::vector<fs::path> parts(label.begin(), label.end());
    for (size_t i = parts.size(); i-- > 0;)
        if (parts[i] == "labels") {
            parts[i] = "images";
            break;
        }
    fs::path stem;
    for (const fs::path& p : parts)
        stem /= p;
    stem.replace_extension();
    for (const char* ext : kImageExtensions) {
        fs::path candidate = stem;
        candidate += ext;
        std::error_code ec;
        if (fs::exists(candidate, ec))
            return candidate;
    }
    return stem;
}

bool under(const fs::path& child, const fs::path& parent)
{
    auto c = child.begin();
    for (auto p = parent.begin(); p != parent.end(); ++p, ++c)
        if (c == child.end() || *c != *p)
            return false;
    return true;
}

QJsonObject toJson(const Injection& i)
{
    QJsonObject o;
    o["kind"] = toString(i.kind);
    o["image"] = QString::fromStdString(i.image);
    o["label_file"] = QString::fromStdString(i.labelFile);
    o["line"] = i.line;
    o["original"] = QString::fromStdString(i.original);
    o["row"] = QString::fromStdString(i.row);
    o["class"] = i.cls;
    o["new_class"] = i.newCls;
    o["box"] = QJsonArray{i.cx, i.cy, i.w, i.h};
    return o;
}

}  // namespace

const char* toString(InjectedKind kind)
{
    switch (kind) {
    case InjectedKind::Removed: return "removed";
    case InjectedKind::Swapped: return "swapped";
    case InjectedKind::Shifted: return "shifted";
    }
    return "removed";
}

CorruptResult corruptDataset(const std::string& dataYaml, const std::string& outDir, const CorruptOptions& o)
{
    CorruptResult r;
    std::error_code ec;
    const fs::path yaml = fs::weakly_canonical(fs::absolute(dataYaml), ec);
    if (ec || !fs::is_regular_file(yaml, ec)) {
        r.error = dataYaml + ": no such data.yaml";
        return r;
    }
    const fs::path source = yaml.parent_path();
    const fs::path out = fs::weakly_canonical(fs::absolute(outDir), ec);
    if (under(out, source)) {
        r.error = outDir + ": the copy must not lie inside the source folder " + source.string();
        return r;
    }
    if (fs::exists(out, ec) && !fs::is_empty(out, ec)) {
        r.error = outDir + ": exists and is not empty";
        return r;
    }
    fs::create_directories(out, ec);
    fs::copy(source, out, fs::copy_options::recursive, ec);
    if (ec) {
        r.error = "cannot copy " + source.string() + " to " + out.string() + ": " + ec.message();
        return r;
    }

    // data.yaml: a `path:` naming the source folder now names the copy.
    const fs::path outYaml = out / yaml.filename();
    std::vector<std::string> yamlLines;
    readLines(outYaml, yamlLines);
    bool yamlChanged = false;
    for (std::string& line : yamlLines) {
        if (line.rfind("path:", 0) != 0)
            continue;
        std::string value = line.substr(5);
        value.erase(0, value.find_first_not_of(" \t'\""));
        value.erase(value.find_last_not_of(" \t'\"") + 1);
        const size_t hash = value.find(" #");
        if (hash != std::string::npos)
            value.erase(value.find_last_not_of(" \t'\"", hash) + 1);
        const fs::path p(value);
        if (p.is_relative() && !value.empty() && (value == "." || value == "./"))
            continue;
        if (fs::weakly_canonical(p.is_absolute() ? p : source / p, ec) == source) {
            line = "path: " + out.string();
            yamlChanged = true;
        } else {
            r.error = yaml.string() + ": path: names " + value + ", outside the folder that is copied";
            return r;
        }
    }
    if (yamlChanged) {
        std::ofstream y(outYaml, std::ios::binary | std::ios::trunc);
        for (const std::string& line : yamlLines)
            y << line << '\n';
    }

    // Every label row of the copy, files in sorted order.
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(out, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file() || it->path().extension() != ".txt")
            continue;
        const fs::path rel = fs::relative(it->path(), out, ec);
        if (std::find(rel.begin(), rel.end(), fs::path("labels")) != rel.end())
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    std::vector<std::vector<std::string>> lines(files.size());
    std::vector<Row> rows;
    int maxCls = 0;
    for (size_t f = 0; f < files.size(); ++f) {
        readLines(files[f], lines[f]);
        for (size_t l = 0; l < lines[f].size(); ++l) {
            Row row;
            row.file = f;
            row.line = static_cast<int>(l) + 1;
            if (!parseRow(lines[f][l], row.values) || row.values[0] < 0)
                continue;
            maxCls = std::max(maxCls, static_cast<int>(row.values[0]));
            rows.push_back(std::move(row));
        }
    }
    r.boxes = static_cast<int64_t>(rows.size());
    const int nc = o.nc > 0 ? o.nc : maxCls + 1;

    std::mt19937 gen(o.seed);  // the engine's sequence is fixed by the standard; the draws below use it raw
    std::vector<size_t> order(rows.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    for (size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[gen() % i]);
    const auto count = [&](double share) {
        return static_cast<size_t>(std::lround(std::clamp(share, 0.0, 1.0) * static_cast<double>(rows.size())));
    };
    const size_t nRemove = std::min(count(o.removeShare), order.size());
    const size_t nSwap = std::min(count(o.swapShare), order.size() - nRemove);
    const size_t nShift = std::min(count(o.shiftShare), order.size() - nRemove - nSwap);
    auto byPlace = [&](size_t a, size_t b) {
        return rows[a].file != rows[b].file ? rows[a].file < rows[b].file : rows[a].line < rows[b].line;
    };
    std::vector<size_t> removed(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(nRemove));
    std::vector<size_t> swapped(order.begin() + static_cast<std::ptrdiff_t>(nRemove),
                                order.begin() + static_cast<std::ptrdiff_t>(nRemove + nSwap));
    std::vector<size_t> shifted(order.begin() + static_cast<std::ptrdiff_t>(nRemove + nSwap),
                                order.begin() + static_cast<std::ptrdiff_t>(nRemove + nSwap + nShift));
    std::sort(removed.begin(), removed.end(), byPlace);
    std::sort(swapped.begin(), swapped.end(), byPlace);
    std::sort(shifted.begin(), shifted.end(), byPlace);

    auto injection = [&](InjectedKind kind, const Row& row) {
        Injection i;
        i.kind = kind;
        i.labelFile = files[row.file].string();
        i.image = imageFor(files[row.file]).string();
        i.line = row.line;
        i.original = lines[row.file][static_cast<size_t>(row.line - 1)];
        i.cls = static_cast<int>(row.values[0]);
        boundingBox(row.values, i.cx, i.cy, i.w, i.h);
        return i;
    };
    std::vector<Injection> result;
    std::vector<std::vector<char>> drop(files.size());
    for (size_t f = 0; f < files.size(); ++f)
        drop[f].assign(lines[f].size(), 0);
    for (size_t k : removed) {
        result.push_back(injection(InjectedKind::Removed, rows[k]));
        drop[rows[k].file][static_cast<size_t>(rows[k].line - 1)] = 1;
    }
    for (size_t k : swapped) {
        Row& row = rows[k];
        Injection i = injection(InjectedKind::Swapped, row);
        const int step = nc > 1 ? 1 + static_cast<int>(gen() % static_cast<uint32_t>(nc - 1)) : 1;
        i.newCls = (i.cls + step) % std::max(nc, 2);
        i.row = formatRow(i.newCls, std::vector<double>(row.values.begin() + 1, row.values.end()));
        lines[row.file][static_cast<size_t>(row.line - 1)] = i.row;
        result.push_back(std::move(i));
    }
    for (size_t k : shifted) {
        Row& row = rows[k];
        Injection i = injection(InjectedKind::Shifted, row);
        const bool negX = gen() & 1u, negY = gen() & 1u;
        auto offset = [&](double c, double size, bool neg) {
            const double d = o.shift * size;
            double signed_ = neg ? -d : d;
            if (c + signed_ - size / 2 < 0 || c + signed_ + size / 2 > 1)
                signed_ = -signed_;  // the other way stays inside (or is no worse)
            const double moved = std::clamp(c + signed_, size / 2, std::max(size / 2, 1 - size / 2));
            return moved - c;
        };
        const double dx = offset(i.cx, i.w, negX), dy = offset(i.cy, i.h, negY);
        std::vector<double> coords(row.values.begin() + 1, row.values.end());
        if (coords.size() == 4) {
            coords[0] += dx;
            coords[1] += dy;
        } else {
            for (size_t c = 0; c + 1 < coords.size(); c += 2) {
                coords[c] += dx;
                coords[c + 1] += dy;
            }
        }
        i.row = formatRow(i.cls, coords);
        lines[row.file][static_cast<size_t>(row.line - 1)] = i.row;
        result.push_back(std::move(i));
    }

    // Write the changed files; swapped and shifted rows name their line in the copy (removed rows above moved).
    std::vector<char> changed(files.size(), 0);
    for (const Injection& i : result)
        changed[static_cast<size_t>(std::find(files.begin(), files.end(), fs::path(i.labelFile)) - files.begin())] = 1;
    for (size_t f = 0; f < files.size(); ++f) {
        if (!changed[f])
            continue;
        std::vector<int> newLine(lines[f].size() + 1, 0);
        int next = 0;
        std::ofstream w(files[f], std::ios::binary | std::ios::trunc);
        for (size_t l = 0; l < lines[f].size(); ++l) {
            if (drop[f][l])
                continue;
            w << lines[f][l] << '\n';
            newLine[l + 1] = ++next;
        }
        if (!w) {
            r.error = "cannot write " + files[f].string();
            return r;
        }
        for (Injection& i : result)
            if (i.kind != InjectedKind::Removed && i.labelFile == files[f].string())
                i.line = newLine[static_cast<size_t>(i.line)];
    }

    QJsonArray list;
    for (const Injection& i : result)
        list.append(toJson(i));
    QJsonObject doc;
    doc["source"] = QString::fromStdString(yaml.string());
    doc["data"] = QString::fromStdString(outYaml.string());
    doc["seed"] = static_cast<qint64>(o.seed);
    doc["boxes"] = static_cast<qint64>(r.boxes);
    doc["shift"] = o.shift;
    doc["injections"] = list;
    const fs::path manifest = out / "corruption.json";
    QFile m(QString::fromStdString(manifest.string()));
    if (!m.open(QIODevice::WriteOnly | QIODevice::Truncate) || m.write(QJsonDocument(doc).toJson()) < 0) {
        r.error = "cannot write " + manifest.string();
        return r;
    }
    r.dataYaml = outYaml.string();
    r.manifest = manifest.string();
    r.injections = std::move(result);
    return r;
}

std::vector<Injection> readCorruptionManifest(const std::string& path, std::string* error)
{
    std::vector<Injection> out;
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = path + ": cannot be read";
        return out;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject()) {
        if (error)
            *error = path + ": " + pe.errorString().toStdString();
        return out;
    }
    for (const QJsonValue& v : doc.object()["injections"].toArray()) {
        const QJsonObject o = v.toObject();
        Injection i;
        const QString kind = o["kind"].toString();
        i.kind = kind == "swapped" ? InjectedKind::Swapped : kind == "shifted" ? InjectedKind::Shifted : InjectedKind::Removed;
        i.image = o["image"].toString().toStdString();
        i.labelFile = o["label_file"].toString().toStdString();
        i.line = o["line"].toInt();
        i.original = o["original"].toString().toStdString();
        i.row = o["row"].toString().toStdString();
        i.cls = o["class"].toInt();
        i.newCls = o["new_class"].toInt(-1);
        const QJsonArray b = o["box"].toArray();
        if (b.size() == 4)
            i.cx = b[0].toDouble(), i.cy = b[1].toDouble(), i.w = b[2].toDouble(), i.h = b[3].toDouble();
        out.push_back(std::move(i));
    }
    return out;
}

}  // namespace ys::test
