#include "train/runfolder.h"

#include "common/fileutil.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace ys {

const char* resultsCsvHeader()
{
    return "epoch,time,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
           "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2";
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
    std::snprintf(buf, sizeof buf, "%d,%.1f,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.5g,%.6g,%.6g,%.6g",
                  r.epoch, r.time, r.trainBox, r.trainCls, r.trainDfl, r.precision, r.recall, r.map50, r.map50_95,
                  r.valBox, r.valCls, r.valDfl, r.lr[0], r.lr[1], r.lr[2]);
    return buf;
}

std::optional<Error> ResultsCsv::load(int keepUpTo)
{
    rows_.clear();
    std::ifstream in(path_);
    if (!in)
        return std::nullopt;  // no file yet: nothing to keep
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (lineNo == 1 || line.empty())
            continue;
        EpochResult r;
        double v[15];
        std::istringstream ls(line);
        std::string cell;
        int n = 0;
        while (n < 15 && std::getline(ls, cell, ','))
            v[n++] = std::strtod(cell.c_str(), nullptr);
        if (n != 15)
            return Error{"run.results", "results.csv row has " + std::to_string(n) + " columns, expected 15", path_,
                         lineNo, 0};
        r.epoch = static_cast<int>(v[0]);
        r.time = v[1];
        r.trainBox = v[2], r.trainCls = v[3], r.trainDfl = v[4];
        r.precision = v[5], r.recall = v[6], r.map50 = v[7], r.map50_95 = v[8];
        r.valBox = v[9], r.valCls = v[10], r.valDfl = v[11];
        r.lr[0] = v[12], r.lr[1] = v[13], r.lr[2] = v[14];
        DetectionMetrics m;
        m.map50 = r.map50;
        m.map50_95 = r.map50_95;
        r.fitness = m.fitness();
        r.validated = true;
        if (r.epoch <= keepUpTo)
            rows_.push_back(r);
    }
    return std::nullopt;
}

std::optional<Error> ResultsCsv::append(const EpochResult& row)
{
    rows_.push_back(row);
    std::string text = std::string(resultsCsvHeader()) + "\n";
    for (const auto& r : rows_)
        text += formatRow(r) + "\n";
    return writeFileAtomic(path_, text);
}

EventLog::EventLog(std::string path) : path_(std::move(path)) {}

std::string EventLog::toJson(const TrainEvent& e)
{
    nlohmann::json j;
    j["kind"] = e.kind;
    j["message"] = e.message;
    j["epoch"] = e.epoch;
    j["batch"] = e.batch;
    j["time"] = e.time;
    if (!e.detailsJson.empty() && e.detailsJson != "{}") {
        auto d = nlohmann::json::parse(e.detailsJson, nullptr, false);
        if (!d.is_discarded())
            j["details"] = d;
    }
    return j.dump();
}

void EventLog::append(const TrainEvent& event)
{
    std::ofstream out(path_, std::ios::app);
    out << toJson(event) << '\n';
    out.flush();
}

}  // namespace ys
