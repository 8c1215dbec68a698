#include "run/runfolder.h"

#include "common/fileutil.h"
#include "run/lines.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace ys {

std::string resultsCsvHeader(bool l1Loss)
{
    const std::string distance = l1Loss ? "l1_loss" : "dfl_loss";
    return "epoch,time,train/box_loss,train/cls_loss,train/" + distance + ",metrics/precision(B),metrics/recall(B),"
           "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/" + distance + ",lr/pg0,lr/pg1,lr/pg2";
}

const char* resultsCsvExtraColumns()
{
    return "train/images_per_s,memory/peak_bytes";
}

Expected<std::string> createRunFolder(const std::string& project, const std::string& name, bool existOk)
{
    std::error_code ec;
    fs::path base = fs::absolute(fs::path(project), ec) / name;
    fs::path dir = base;
    if (!existOk) {
        for (int i = 2; fs::exists(dir) && i < 100000; ++i)
            dir = base.string() + std::to_string(i);
    }
    fs::create_directories(dir / "weights", ec);
    if (ec)
        return Error{"run.mkdir", "could not create the run folder: " + ec.message(), dir.string(), 0, 0};
    return dir.lexically_normal().string();
}

ResultsCsv::ResultsCsv(std::string path) : path_(std::move(path)) {}

std::string ResultsCsv::formatRow(const EpochResult& r)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, "%d,%.1f,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.6g,%.6g,%.6g,%.4g,%lld",
                  r.epoch, r.time, r.trainBox, r.trainCls, r.trainDfl, r.precision, r.recall, r.map50, r.map50_95,
                  r.valBox, r.valCls, r.valDfl, r.lr[0], r.lr[1], r.lr[2], r.imagesPerSecond,
                  static_cast<long long>(r.peakMemory));
    return buf;
}

std::optional<Error> ResultsCsv::load(int keepUpTo)
{
    rows_.clear();
    if (!fs::exists(path_))
        return std::nullopt;  // no file yet: nothing to keep
    auto text = readFile(path_);
    if (!text)
        return text.error();
    if (!text->empty() && text->back() != '\n')
        *text += '\n';
    size_t consumed = 0;
    const std::vector<std::string> lines = completeLines(*text, &consumed);
    ResultsCsvReader reader;
    for (size_t i = 0; i < lines.size(); ++i) {
        const int lineNo = static_cast<int>(i) + 1;
        if (lineNo == 1) {
            if (auto err = reader.setHeader(lines[i], path_))
                return err;
            continue;
        }
        if (lines[i].empty())
            continue;
        auto row = reader.parseRow(lines[i], path_, lineNo);
        if (!row)
            return row.error();
        if (row->epoch <= keepUpTo)
            rows_.push_back(*row);
    }
    return std::nullopt;
}

std::optional<Error> ResultsCsv::append(const EpochResult& row)
{
    rows_.push_back(row);
    std::string text = resultsCsvHeader(row.l1Loss) + "," + resultsCsvExtraColumns() + "\n";
    for (const auto& r : rows_)
        text += formatRow(r) + "\n";
    return writeFileAtomic(path_, text);
}

EventLog::EventLog(std::string path) : path_(std::move(path)) {}

std::string EventLog::toJson(const TrainEvent& e)
{
    nlohmann::json j;
    j["kind"] = toString(e.kind);
    j["message"] = e.message;
    j["epoch"] = e.epoch;
    j["batch"] = e.batch;
    j["time"] = e.time;
    if (e.wallTime > 0)
        j["wall_time"] = e.wallTime;
    if (!e.detailsJson.empty() && e.detailsJson != "{}") {
        auto d = nlohmann::json::parse(e.detailsJson, nullptr, false);
        if (!d.is_discarded())
            j["details"] = d;
    }
    // Messages can carry bytes that are not UTF-8 (a path in another encoding): replaced, never thrown.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void EventLog::append(const TrainEvent& event)
{
    std::string line = toJson(event) + '\n';
    if (!endChecked_) {
        // A run killed mid-line left a half line: end it, so this event is a line of its own.
        std::ifstream in(path_, std::ios::binary | std::ios::ate);
        if (in && in.tellg() > 0) {
            in.seekg(-1, std::ios::end);
            if (in.get() != '\n')
                line.insert(line.begin(), '\n');
        }
        endChecked_ = true;
    }
    std::ofstream out(path_, std::ios::app | std::ios::binary);
    out << line;
    out.flush();
}

}  // namespace ys
