// Cost of reading run folders: readRun of one large run, listRuns of a project of them, and RunTail polls
// (nothing new; one new event; results.csv and memory.csv rewritten with one more row, as after an epoch).
// Generates the runs in a temporary folder; prints medians.
//   bench_runs [runs=50] [epochs=300] [memory_rows=20000]
#include "memory/samples.h"
#include "run/reader.h"
#include "run/runfolder.h"

#include "common/fileutil.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double medianMs(int rounds, const std::function<void()>& body)
{
    std::vector<double> ms;
    for (int i = 0; i < rounds; ++i) {
        const auto t0 = Clock::now();
        body();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

ys::EpochResult row(int epoch)
{
    ys::EpochResult r;
    r.epoch = epoch;
    r.time = 60.0 * epoch;
    r.trainBox = r.trainCls = r.trainDfl = 1.0 / epoch;
    r.map50 = r.map50_95 = 0.001 * epoch;
    return r;
}

std::string memoryCsv(int rows)
{
    std::string text = std::string(ys::memory::sampleCsvHeader()) + "\n";
    for (int i = 0; i < rows; ++i) {
        ys::memory::MemorySample s;
        s.time = 0.1 * i;
        s.phase = i % 7 ? ys::memory::Phase::TrainStep : ys::memory::Phase::Validation;
        s.allocated = 1000000000LL + i;
        s.reserved = s.peak = s.windowPeak = 1200000000LL + i;
        text += ys::memory::formatSampleRow(s) + "\n";
    }
    return text;
}

void writeRun(const fs::path& dir, int epochs, int memoryRows)
{
    fs::create_directories(dir / "weights");
    ys::TrainConfig cfg;
    cfg.epochs = epochs;
    ys::writeFileAtomic((dir / "args.yaml").string(), cfg.toYaml());
    std::string csv = ys::resultsCsvHeader() + "\n";
    for (int e = 1; e <= epochs; ++e)
        csv += ys::ResultsCsv::formatRow(row(e)) + "\n";
    ys::writeFileAtomic((dir / "results.csv").string(), csv);
    ys::EventLog log((dir / "events.jsonl").string());
    for (int e = 0; e <= epochs; ++e) {
        ys::TrainEvent ev;
        ev.kind = e == 0 ? ys::EventKind::Start : e == epochs ? ys::EventKind::Finish : ys::EventKind::Best;
        ev.epoch = e;
        ev.message = "epoch " + std::to_string(e) + " has the best fitness so far; weights/best.pt saved";
        ev.detailsJson = "{\"fitness\":0.5,\"map50\":0.6,\"map50_95\":0.4}";
        log.append(ev);
    }
    ys::writeFileAtomic((dir / "memory.csv").string(), memoryCsv(memoryRows));
    ys::writeFileAtomic((dir / "weights/last.pt").string(), "x");
}

}  // namespace

int main(int argc, char** argv)
{
    const int runs = argc > 1 ? std::atoi(argv[1]) : 50;
    const int epochs = argc > 2 ? std::atoi(argv[2]) : 300;
    const int memoryRows = argc > 3 ? std::atoi(argv[3]) : 20000;
    const fs::path root = fs::temp_directory_path() / ("bench_runs_" + std::to_string(::getpid()));
    for (int i = 0; i < runs; ++i)
        writeRun(root / "project" / ("exp" + std::to_string(i)), epochs, memoryRows);
    const fs::path one = root / "project" / "exp0";
    std::printf("%d runs of %d epochs, %d memory rows, %d events each\n", runs, epochs, memoryRows, epochs + 1);

    const double read = medianMs(15, [&] { (void)ys::readRun(one.string()); });
    const double list = medianMs(5, [&] { (void)ys::listRuns((root / "project").string()); });
    std::printf("readRun (one run)            %8.2f ms\n", read);
    std::printf("listRuns (%d runs)           %8.2f ms\n", runs, list);

    ys::RunTail tail(one.string());
    tail.poll();
    const double idle = medianMs(1000, [&] { tail.poll(); });
    ys::EventLog log((one / "events.jsonl").string());
    const double event = medianMs(200, [&] {
        ys::TrainEvent ev;
        ev.kind = ys::EventKind::OomRecovered;
        log.append(ev);
        tail.poll();
    });
    int nextEpoch = epochs + 1;
    std::string csv = ys::resultsCsvHeader() + "\n";
    for (int e = 1; e <= epochs; ++e)
        csv += ys::ResultsCsv::formatRow(row(e)) + "\n";
    std::vector<double> rewriteMs, memoryMs;
    std::string mem = memoryCsv(memoryRows);
    for (int i = 0; i < 30; ++i) {
        csv += ys::ResultsCsv::formatRow(row(nextEpoch++)) + "\n";
        ys::writeFileAtomic((one / "results.csv").string(), csv);
        auto t0 = Clock::now();
        tail.poll();
        rewriteMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        mem += "1.0,idle,1,1,1,1\n";
        ys::writeFileAtomic((one / "memory.csv").string(), mem);
        t0 = Clock::now();
        const auto u = tail.poll();
        memoryMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        if (u.memoryReset || u.memory.size() != 1)
            std::printf("unexpected: memory reset %d, %zu rows\n", u.memoryReset, u.memory.size());
    }
    std::sort(rewriteMs.begin(), rewriteMs.end());
    std::sort(memoryMs.begin(), memoryMs.end());
    std::printf("RunTail::poll, nothing new   %8.3f ms\n", idle);
    std::printf("RunTail::poll, +1 event      %8.3f ms (append included)\n", event);
    std::printf("RunTail::poll, results.csv replaced (+1 row)  %8.3f ms\n", rewriteMs[rewriteMs.size() / 2]);
    std::printf("RunTail::poll, memory.csv replaced (+1 row)   %8.3f ms\n", memoryMs[memoryMs.size() / 2]);
    std::error_code ec;
    fs::remove_all(root, ec);
    return 0;
}
