#pragma once
// Run folders written by hand for the reader tests: a studio run through the real writers (ResultsCsv,
// EventLog, MemoryTimeline's row format), an Ultralytics-shaped run as its trainer writes one, and a lock
// left by a process that no longer runs.

#include "common/config.h"
#include "memory/samples.h"
#include "run/records.h"
#include "run/runfolder.h"
#include "testsupport.h"

#include <QDir>
#include <QString>

#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace ys::test {

inline EpochResult fakeRow(int epoch)
{
    EpochResult r;
    r.epoch = epoch;
    r.time = 10.0 * epoch;
    r.trainBox = 2.0 / epoch;
    r.trainCls = 3.0 / epoch;
    r.trainDfl = 1.5 / epoch;
    r.precision = 0.1 * epoch;
    r.recall = 0.05 * epoch;
    // Best at epoch 3 when there are more than three.
    r.map50 = epoch <= 3 ? 0.2 * epoch : 0.5;
    r.map50_95 = epoch <= 3 ? 0.1 * epoch : 0.25;
    r.lr[0] = r.lr[1] = r.lr[2] = 0.01;
    r.validated = true;
    return r;
}

struct FakeRun {
    int epochsDone = 3;
    int epochsTotal = 3;
    std::vector<EventKind> kinds{EventKind::Start, EventKind::Finish};
    bool lastPt = true, bestPt = true;
    bool memory = true;
    int batch = 16;          // args.yaml; the start event says `eventBatch`
    int eventBatch = 12;
    double startWall = 1.7e9;
};

// A studio run folder under `dir` (created). Events are stamped epoch 0 for start, the last epoch otherwise.
inline QString writeFakeRun(const QString& dir, const FakeRun& f = {})
{
    QDir().mkpath(dir + "/weights");
    TrainConfig cfg;
    cfg.data = "/data/shapes/data.yaml";
    cfg.model = "yolov8s.yaml";
    cfg.epochs = f.epochsTotal;
    cfg.batch = f.batch;
    cfg.imgsz = 320;
    writeText(dir + "/args.yaml", cfg.toYaml());
    ResultsCsv csv((dir + "/results.csv").toStdString());
    for (int e = 1; e <= f.epochsDone; ++e)
        csv.append(fakeRow(e));
    EventLog log((dir + "/events.jsonl").toStdString());
    for (EventKind k : f.kinds) {
        TrainEvent ev;
        ev.kind = k;
        ev.message = std::string(toString(k)) + " happened";
        ev.epoch = k == EventKind::Start ? 0 : f.epochsDone;
        ev.time = k == EventKind::Start ? 0.5 : 10.0 * f.epochsDone + 1;
        ev.wallTime = f.startWall + ev.time;
        if (k == EventKind::Start || k == EventKind::Resume)
            ev.detailsJson = "{\"device\":\"cpu\",\"batch\":" + std::to_string(f.eventBatch) + "}";
        log.append(ev);
    }
    if (f.memory) {
        std::string text = std::string(memory::sampleCsvHeader()) + "\n";
        for (int i = 0; i < 5; ++i) {
            memory::MemorySample s;
            s.time = i;
            s.phase = i % 2 ? memory::Phase::TrainStep : memory::Phase::Validation;
            s.allocated = 1000 * i;
            s.reserved = 1100 * i;
            s.peak = 1500 * i;
            s.windowPeak = i == 3 ? 9000 : 1200 * i;
            text += memory::formatSampleRow(s) + "\n";
        }
        writeText(dir + "/memory.csv", text);
    }
    if (f.lastPt)
        writeText(dir + "/weights/last.pt", std::string(1234, 'L'));
    if (f.bestPt)
        writeText(dir + "/weights/best.pt", std::string(567, 'B'));
    return dir;
}

// A memory file (memory.csv, memory_rankN.csv) of `n` training samples at 1, 2, ... s, each allocating
// `bytes` × its time.
inline std::string memoryCsv(int n, int64_t bytes)
{
    std::string text = std::string(memory::sampleCsvHeader()) + "\n";
    for (int i = 1; i <= n; ++i) {
        memory::MemorySample s;
        s.time = i;
        s.phase = memory::Phase::TrainStep;
        s.allocated = s.peak = s.windowPeak = bytes * i;
        text += memory::formatSampleRow(s) + "\n";
    }
    return text;
}

// The pid of a process that has exited and been reaped: no process has it (until the pid is reused).
inline long deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

// A train.lock as a killed trainer on this machine leaves it.
inline void writeDeadLock(const QString& dir)
{
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    writeText(dir + "/train.lock", "{\"pid\":" + std::to_string(deadPid()) + ",\"host\":\"" + host +
                                       "\",\"started\":1700000000}\n");
}

// args.yaml and results.csv as Ultralytics 8.3 writes them (values formatted "%.6g", appended per epoch).
inline QString writeUltralyticsRun(const QString& dir, int epochsDone, int epochsTotal, int patience = 100,
                                   bool paddedHeader = false)
{
    QDir().mkpath(dir + "/weights");
    writeText(dir + "/args.yaml",
              "task: detect\nmode: train\nmodel: yolov8n.pt\ndata: coco128.yaml\nepochs: " + std::to_string(epochsTotal) +
                  "\ntime: null\npatience: " + std::to_string(patience) +
                  "\nbatch: 16\nimgsz: 640\nsave: true\nsave_period: -1\ncache: false\ndevice: null\nworkers: 8\n"
                  "project: null\nname: train\nexist_ok: false\npretrained: true\noptimizer: auto\nverbose: true\n"
                  "seed: 0\ndeterministic: true\nsingle_cls: false\nrect: false\ncos_lr: false\nclose_mosaic: 10\n"
                  "resume: false\namp: true\nfraction: 1.0\nprofile: false\nfreeze: null\nlr0: 0.01\nlrf: 0.01\n"
                  "momentum: 0.937\nweight_decay: 0.0005\nwarmup_epochs: 3.0\nbox: 7.5\ncls: 0.5\ndfl: 1.5\n"
                  "save_dir: runs/detect/train\n");
    std::string text;
    const char* names[] = {"epoch", "time", "train/box_loss", "train/cls_loss", "train/dfl_loss",
                           "metrics/precision(B)", "metrics/recall(B)", "metrics/mAP50(B)", "metrics/mAP50-95(B)",
                           "val/box_loss", "val/cls_loss", "val/dfl_loss", "lr/pg0", "lr/pg1", "lr/pg2"};
    for (size_t i = 0; i < std::size(names); ++i) {
        char cell[64];
        std::snprintf(cell, sizeof cell, paddedHeader ? "%23s" : "%s", names[i]);
        text += (i ? "," : "") + std::string(cell);
    }
    text += "\n";
    for (int e = 1; e <= epochsDone; ++e) {
        const EpochResult r = fakeRow(e);
        char row[512];
        std::snprintf(row, sizeof row, "%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n",
                      double(r.epoch), 31.4159 * e, r.trainBox, r.trainCls, r.trainDfl, r.precision, r.recall, r.map50,
                      r.map50_95, 1.1, 1.2, 1.3, 0.000333, 0.000333, 0.000333);
        text += row;
    }
    writeText(dir + "/results.csv", text);
    writeText(dir + "/weights/last.pt", "PK");
    writeText(dir + "/weights/best.pt", "PK");
    return dir;
}

}  // namespace ys::test
