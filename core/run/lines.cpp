#include "run/lines.h"

#include "common/config.h"
#include "eval/metrics.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

namespace ys {
namespace {

// Deeper JSON than this is no event line of ours; refusing it keeps hostile input from recursing deeply.
constexpr int kMaxJsonDepth = 32;

enum Field {
    FEpoch, FTime, FTrainBox, FTrainCls, FTrainDfl, FPrecision, FRecall, FMap50, FMap50_95,
    FValBox, FValCls, FValDfl, FLr0, FLr1, FLr2, FImagesPerSecond, FPeakMemory, FCount
};

// Column names as results.csv writes them (resultsCsvHeader(), then resultsCsvExtraColumns()), in Field order.
constexpr const char* kColumnNames[FCount] = {
    "epoch", "time", "train/box_loss", "train/cls_loss", "train/dfl_loss", "metrics/precision(B)",
    "metrics/recall(B)", "metrics/mAP50(B)", "metrics/mAP50-95(B)", "val/box_loss", "val/cls_loss",
    "val/dfl_loss", "lr/pg0", "lr/pg1", "lr/pg2", "train/images_per_s", "memory/peak_bytes"};

// The distance columns of a model without DFL bins (YOLO26, Ultralytics 8.4): the same fields, another name.
int l1Field(const std::string& name)
{
    return name == "train/l1_loss" ? FTrainDfl : name == "val/l1_loss" ? FValDfl : -1;
}

std::string trimmed(const std::string& s)
{
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        --e;
    return s.substr(b, e - b);
}

std::vector<std::string> splitCommas(const std::string& line)
{
    std::vector<std::string> cells;
    size_t start = 0;
    for (;;) {
        const size_t comma = line.find(',', start);
        cells.push_back(trimmed(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos)
            return cells;
        start = comma + 1;
    }
}

bool parseNumber(const std::string& cell, double* out)
{
    if (cell.empty())
        return false;
    char* end = nullptr;
    const double v = std::strtod(cell.c_str(), &end);
    if (end != cell.c_str() + cell.size())
        return false;
    *out = v;   // nan/inf are kept: Ultralytics writes "nan" for a loss that diverged
    return true;
}

// Nesting depth of a JSON text (brackets outside strings); stops counting past kMaxJsonDepth.
int jsonDepth(const std::string& text)
{
    int depth = 0, maxDepth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size() && maxDepth <= kMaxJsonDepth; ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            maxDepth = std::max(maxDepth, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return maxDepth;
}

double numberOr(const nlohmann::json& o, const char* key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return 0;
    const double v = it->get<double>();
    return std::isfinite(v) ? v : 0;
}

int intOr(const nlohmann::json& o, const char* key)
{
    const double v = numberOr(o, key);
    return v >= 0 && v <= 1e9 ? static_cast<int>(v) : 0;
}

}  // namespace

std::optional<Error> ResultsCsvReader::setHeader(const std::string& line, const std::string& path)
{
    columns_.clear();
    unknown_.clear();
    hasMetrics_ = false;
    l1Loss_ = false;
    bool hasEpoch = false;
    std::vector<int> columns;
    std::vector<std::string> names;
    for (const std::string& name : splitCommas(line)) {
        int field = l1Field(name);
        l1Loss_ = l1Loss_ || field >= 0;
        for (int f = 0; f < FCount; ++f)
            if (name == kColumnNames[f])
                field = f;
        if (field < 0 && !name.empty())
            unknown_.push_back(name);
        names.push_back(name);
        hasEpoch = hasEpoch || field == FEpoch;
        hasMetrics_ = hasMetrics_ || field == FMap50 || field == FMap50_95;
        columns.push_back(field);
    }
    if (!hasEpoch)
        return Error{"run.results_header", "results.csv has no 'epoch' column: not a results file of YOLO Studio "
                                           "or Ultralytics",
                     path, 1, 0};
    columns_ = std::move(columns);
    names_ = std::move(names);
    return std::nullopt;
}

Expected<EpochResult> ResultsCsvReader::parseRow(const std::string& line, const std::string& path, int lineNo) const
{
    const std::vector<std::string> cells = splitCommas(line);
    if (cells.size() != columns_.size())
        return Error{"run.results_row", "the row has " + std::to_string(cells.size()) + " values; the header has " +
                                            std::to_string(columns_.size()),
                     path, lineNo, 0};
    double v[FCount] = {};
    for (size_t c = 0; c < cells.size(); ++c) {
        if (columns_[c] < 0)
            continue;
        if (!parseNumber(cells[c], &v[columns_[c]]))
            return Error{"run.results_row", "'" + cells[c].substr(0, 40) + "' in column '" +
                                                names_[c] + "' is not a number",
                         path, lineNo, 0};
    }
    if (!(v[FEpoch] >= 1 && v[FEpoch] <= 1e9) || std::floor(v[FEpoch]) != v[FEpoch])
        return Error{"run.results_row", "the epoch must be a whole number from 1", path, lineNo, 0};
    EpochResult r;
    r.epoch = static_cast<int>(v[FEpoch]);
    r.time = v[FTime];
    r.trainBox = v[FTrainBox];
    r.trainCls = v[FTrainCls];
    r.trainDfl = v[FTrainDfl];
    r.precision = v[FPrecision];
    r.recall = v[FRecall];
    r.map50 = v[FMap50];
    r.map50_95 = v[FMap50_95];
    r.valBox = v[FValBox];
    r.valCls = v[FValCls];
    r.valDfl = v[FValDfl];
    r.lr[0] = v[FLr0];
    r.lr[1] = v[FLr1];
    r.lr[2] = v[FLr2];
    r.imagesPerSecond = v[FImagesPerSecond];
    r.peakMemory = static_cast<int64_t>(v[FPeakMemory]);
    r.fitness = metricsFitness(r.map50, r.map50_95, metrics_);
    r.validated = hasMetrics_;
    r.l1Loss = l1Loss_;
    return r;
}

Expected<TrainEvent> parseEventLine(const std::string& line, const std::string& path, int lineNo)
{
    if (jsonDepth(line) > kMaxJsonDepth)
        return Error{"run.events_line", "the line nests deeper than an event does", path, lineNo, 0};
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"run.events_line", "the line is not a JSON object", path, lineNo, 0};
    const auto kind = j.find("kind");
    if (kind == j.end() || !kind->is_string())
        return Error{"run.events_line", "the line has no \"kind\"", path, lineNo, 0};
    TrainEvent e;
    const std::string name = kind->get<std::string>();
    const auto msg = j.find("message");
    e.message = msg != j.end() && msg->is_string() ? msg->get<std::string>() : std::string();
    if (auto k = eventKindFromString(name))
        e.kind = *k;
    else
        e.message = "[" + name.substr(0, 40) + "] " + e.message;
    e.epoch = intOr(j, "epoch");
    e.batch = intOr(j, "batch");
    e.time = numberOr(j, "time");
    e.wallTime = numberOr(j, "wall_time");
    const auto details = j.find("details");
    if (details != j.end() && details->is_object())
        e.detailsJson = details->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return e;
}

std::vector<std::string> completeLines(const std::string& bytes, size_t* consumed)
{
    std::vector<std::string> lines;
    size_t start = 0;
    for (size_t nl = bytes.find('\n'); nl != std::string::npos; nl = bytes.find('\n', start)) {
        size_t end = nl;
        if (end > start && bytes[end - 1] == '\r')
            --end;
        lines.push_back(bytes.substr(start, end - start));
        start = nl + 1;
    }
    *consumed = start;
    return lines;
}

MetricsVersion runMetricsVersion(const std::string& argsYaml)
{
    TrainConfig base;
    base.metrics.clear();  // stays empty unless the file names one
    std::vector<std::string> ignored;
    std::vector<Error> rejected;
    const auto cfg = TrainConfig::fromYamlText(argsYaml, base, &ignored, {}, &rejected);
    if (!cfg)
        return MetricsVersion::Ultralytics83;
    if (const auto v = parseMetricsVersion(cfg->metrics))
        return *v;
    for (const std::string& key : ignored)
        if (key == "quantize" || key == "cls_pw" || key == "cls_remap")
            return MetricsVersion::Ultralytics84;
    return MetricsVersion::Ultralytics83;
}

}  // namespace ys
