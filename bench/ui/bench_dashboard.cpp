// Training dashboard benchmarks (GUI, offscreen by default):
//
//   bench_ui_dashboard redraw [points=100000] [reps=40]
//     Redraw time of a memory chart holding `points` samples (allocated, reserved, peak, phase bands, a budget
//     line) at 1400x500: each repetition moves the view a little (a pan) and redraws synchronously
//     (decimate + QCustomPlot replot). Also the same data handed to QCustomPlot whole, for reference
//     (rawreps=3 redraws; qcpsampling=1 turns on QCustomPlot's own adaptive sampling). Medians over `reps`.
//
//   bench_ui_dashboard train data=DATA_YAML [imgsz=320] [batch=8] [epochs=3] [pairs=3] [model=yolov8n.yaml]
//     The same run trained `pairs` times each way, interleaved: (a) as the CLI trains, ys::train on the
//     calling thread with the CLI's callbacks (log lines only); (b) through the Train page, shown, on its
//     training thread, with every chart, the table, the log and the predictions preview updating. Reports
//     the median per-epoch images/s of each (epochs after the first) and their ratio, and for (b) the
//     longest stall of the GUI event loop, measured by a 10 ms timer probe (lateness of each tick), with
//     its 99th percentile. Runs go to a temporary folder.
#include "common/config.h"
#include "train/trainer.h"
#include "ui/charts/trainingcharts.h"
#include "ui/train/dashboard.h"
#include "ui/config/configform.h"
#include "ui/train/trainpage.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <map>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace {

// CPU time of the calling thread, ms: what a redraw costs without the other processes of a shared machine.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1)];
}

// CPU seconds per thread name (threads of one name summed), from /proc/self/task/*/stat, and minor faults.
struct CpuSnapshot {
    std::map<QString, double> seconds;
    long minorFaults = 0;
};

CpuSnapshot cpuSnapshot()
{
    CpuSnapshot c;
    const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    for (const QString& tid : QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = f.readAll();
        const int open = static_cast<int>(line.indexOf('(')), close = static_cast<int>(line.lastIndexOf(')'));
        const QString name = QString::fromUtf8(line.mid(open + 1, close - open - 1));
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() > 13)
            c.seconds[name] += (fields[11].toDouble() + fields[12].toDouble()) / tick;   // utime, stime
    }
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    c.minorFaults = ru.ru_minflt;
    return c;
}

void printCpu(const char* what, const CpuSnapshot& a, const CpuSnapshot& b)
{
    std::printf("    %s cpu by thread:", what);
    for (const auto& [name, sec] : b.seconds) {
        const double d = sec - (a.seconds.count(name) ? a.seconds.at(name) : 0.0);
        if (d >= 0.05)
            std::printf(" %s %.1f s;", qPrintable(name), d);
    }
    std::printf(" minor faults %ld\n", b.minorFaults - a.minorFaults);
}

std::map<QString, QString> parseArgs(const QStringList& args, int from)
{
    std::map<QString, QString> kv;
    for (int i = from; i < args.size(); ++i) {
        const int eq = static_cast<int>(args[i].indexOf(QLatin1Char('=')));
        if (eq > 0)
            kv[args[i].left(eq)] = args[i].mid(eq + 1);
    }
    return kv;
}

void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

std::vector<ys::memory::MemorySample> syntheticTimeline(int n, bool phases)
{
    // 0.1 s samples: training steps with spikes, a validation every 500 samples, a checkpoint after it.
    std::vector<ys::memory::MemorySample> s(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        auto& m = s[static_cast<size_t>(i)];
        m.time = i * 0.1;
        const int inEpoch = i % 500;
        m.phase = !phases ? ys::memory::Phase::TrainStep
                 : inEpoch >= 470 ? (inEpoch >= 495 ? ys::memory::Phase::Checkpoint : ys::memory::Phase::Validation)
                                 : (i % 3 ? ys::memory::Phase::TrainStep : ys::memory::Phase::Assigner);
        const double base = 2.0e9 + 6.0e8 * std::sin(i * 0.37) + (i % 97 == 0 ? 1.5e9 : 0.0);
        m.allocated = static_cast<int64_t>(base);
        m.reserved = static_cast<int64_t>(base * 1.1);
        m.peak = m.windowPeak = static_cast<int64_t>(base * 1.05);
    }
    return s;
}

int redraw(const std::map<QString, QString>& kv)
{
    const int n = kv.count("points") ? kv.at("points").toInt() : 100000;
    const int reps = kv.count("reps") ? kv.at("reps").toInt() : 40;
    const auto samples = syntheticTimeline(n, !kv.count("nobands"));

    ys::ui::MemoryChart chart;
    chart.resize(1400, 500);
    if (kv.count("noaa"))
        chart.plot()->setNotAntialiasedElements(QCP::aeAll);
    chart.show();
    chart.setBudget(int64_t(5) << 30);
    QElapsedTimer fill;
    fill.start();
    chart.setSamples(samples);
    const double fillMs = static_cast<double>(fill.nsecsElapsed()) / 1e6;
    chart.refreshNow();
    settle(200);
    const double span = samples.back().time;
    std::vector<double> ours, whole, oursCpu;
    for (int r = 0; r < reps; ++r) {
        // Pan by 1% each time over a view of 90% of the data, then one view of everything.
        const double x0 = span * 0.05 * (r % 2 ? 1.0 : 0.0) + span * 0.001 * r;
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuMs();
        chart.zoomTo(x0, x0 + span * 0.9);
        chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
        oursCpu.push_back(threadCpuMs() - cpu0);
        ours.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        t.restart();
        chart.resetView();
        chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
        whole.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    const int drawn = chart.drawnPointCount(ys::ui::MemoryChart::Allocated);

    // Reference: the same three series given to QCustomPlot whole, without sampling.
    QCustomPlot raw;
    raw.resize(1400, 500);
    raw.show();
    for (int k = 0; k < 3; ++k) {
        QCPGraph* g = raw.addGraph();
        g->setAdaptiveSampling(kv.count("qcpsampling") > 0);   // qcpsampling=1: QCustomPlot's own sampling
        QPen pen(Qt::blue, 1.6);
        pen.setCosmetic(true);
        g->setPen(pen);
        QVector<double> x(n), y(n);
        for (int i = 0; i < n; ++i) {
            x[i] = samples[static_cast<size_t>(i)].time;
            y[i] = static_cast<double>(k == 0 ? samples[static_cast<size_t>(i)].allocated
                                       : k == 1 ? samples[static_cast<size_t>(i)].reserved
                                                : samples[static_cast<size_t>(i)].peak);
        }
        g->setData(x, y, true);
    }
    raw.setPlottingHint(QCP::phFastPolylines, true);   // as SeriesChart draws
    raw.setAntialiasedElements(QCP::aePlottables);
    raw.rescaleAxes();
    settle(100);
    std::vector<double> rawMs;
    const int rawReps = kv.count("rawreps") ? kv.at("rawreps").toInt() : 3;
    for (int r = 0; r < rawReps; ++r) {
        QElapsedTimer t;
        t.start();
        raw.xAxis->moveRange(span * 0.001);
        raw.replot(QCustomPlot::rpImmediateRefresh);
        rawMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::printf("redraw: %d points x 3 series, %d phase bands, 1400x500\n", n, chart.rangeCount());
    std::printf("  fill (setSamples)                 %8.1f ms\n", fillMs);
    std::printf("  pan + redraw, decimated (median)  %8.2f ms  (max %.2f, %d points drawn per series)\n", median(ours),
                *std::max_element(ours.begin(), ours.end()), drawn);
    std::printf("  ... its CPU time (median)         %8.2f ms\n", median(oursCpu));
    std::printf("  whole view + redraw (median)      %8.2f ms\n", median(whole));
    std::printf("  QCustomPlot given all points%s  %8.2f ms  (median of %zu)\n",
                kv.count("qcpsampling") ? ", its adaptive sampling" : ", no sampling    ", median(rawMs), rawMs.size());
    return 0;
}

struct RunFigures {
    std::vector<double> imagesPerSecond;   // per epoch after the first
    double seconds = 0;
    std::vector<double> lateness;          // ms past each 10 ms probe tick (GUI runs)
};

RunFigures trainCli(const ys::TrainConfig& cfg)
{
    RunFigures f;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};   // the CLI prints these; printing costs nothing measurable
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
        if (r.epoch > 1)
            f.imagesPerSecond.push_back(r.imagesPerSecond);
    };
    QElapsedTimer t;
    t.start();
    auto r = ys::train(cfg, cb);
    f.seconds = static_cast<double>(t.elapsed()) / 1000.0;
    if (!r)
        std::fprintf(stderr, "cli run failed: %s\n", r.error().toString().c_str());
    return f;
}

RunFigures trainGui(ys::ui::TrainPage& page, const ys::TrainConfig& cfg)
{
    RunFigures f;
    page.form()->setConfig(cfg);
    page.setStartAnyway(true);
    bool ended = false;
    auto c1 = QObject::connect(page.controller(), &ys::ui::TrainController::ended, [&] { ended = true; });
    auto c2 = QObject::connect(page.controller(), &ys::ui::TrainController::epochFinished,
                               [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
                                   if (r.epoch > 1)
                                       f.imagesPerSecond.push_back(r.imagesPerSecond);
                               });
    // The probe: a 10 ms timer; how late each tick comes is how long the event loop was busy.
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(10);
    QElapsedTimer since;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double ms = static_cast<double>(since.nsecsElapsed()) / 1e6;
        f.lateness.push_back(std::max(0.0, ms - 10.0));
        since.restart();
    });
    QElapsedTimer t;
    t.start();
    if (!page.start()) {
        std::fprintf(stderr, "the Train page refused to start\n");
        return f;
    }
    since.start();
    probe.start();
    // The application's own event loop, as the studio runs it (a processEvents(…, maxtime) loop polls and
    // costs the GUI thread a fifth of a core on its own).
    QEventLoop loop;
    auto c3 = QObject::connect(page.controller(), &ys::ui::TrainController::ended, &loop, &QEventLoop::quit);
    if (!ended)
        loop.exec();
    QObject::disconnect(c3);
    probe.stop();
    f.seconds = static_cast<double>(t.elapsed()) / 1000.0;
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    return f;
}

int train(const std::map<QString, QString>& kv)
{
    if (!kv.count("data")) {
        std::fprintf(stderr, "usage: bench_ui_dashboard train data=DATA_YAML [imgsz=320] [batch=8] [epochs=3] [pairs=3]\n");
        return 2;
    }
    QTemporaryDir dir;
    ys::TrainConfig cfg;
    cfg.data = kv.at("data").toStdString();
    cfg.model = kv.count("model") ? kv.at("model").toStdString() : "yolov8n.yaml";
    cfg.imgsz = kv.count("imgsz") ? kv.at("imgsz").toInt() : 320;
    cfg.batch = kv.count("batch") ? kv.at("batch").toInt() : 8;
    cfg.epochs = kv.count("epochs") ? kv.at("epochs").toInt() : 3;
    cfg.patience = 0;
    cfg.project = dir.filePath(QStringLiteral("runs")).toStdString();
    const int pairs = kv.count("pairs") ? kv.at("pairs").toInt() : 3;
    if (kv.count("fraction"))
        cfg.fraction = kv.at("fraction").toDouble();
    if (kv.count("val"))
        cfg.val = kv.at("val").toInt() != 0;

    ys::ui::TrainPage page;
    page.resize(1600, 1000);
    page.show();
    page.setDataset(QString::fromStdString(cfg.data));
    page.setProjectFolder(dir.filePath(QStringLiteral("runs")));
    {
        // The check result the Dataset page would hand over, for the preview's validation images.
        auto ds = ys::openDataset(cfg.data);
        if (!ds) {
            std::fprintf(stderr, "%s\n", ds.error().toString().c_str());
            return 1;
        }
        auto dataset = std::make_shared<ys::Dataset>(std::move(*ds));
        auto check = std::make_shared<ys::CheckResult>(ys::checkDataset(*dataset));
        page.setCheckResult(dataset, check);
    }
    settle(300);

    std::vector<double> cli, gui, lateness, ratios;
    for (int p = 0; p < pairs; ++p) {
        // Alternate which goes first, so a drift in the machine's load hits both sides alike.
        RunFigures a, b;
        CpuSnapshot a0, a1, b0, b1;
        auto cliRun = [&] {
            a0 = cpuSnapshot();
            a = trainCli(cfg);
            a1 = cpuSnapshot();
        };
        auto guiRun = [&] {
            b0 = cpuSnapshot();
            b = trainGui(page, cfg);
            b1 = cpuSnapshot();
        };
        if (kv.count("only")) {
            kv.at("only") == QLatin1String("gui") ? guiRun() : cliRun();
        } else if (p % 2 == 0) {
            cliRun();
            guiRun();
        } else {
            guiRun();
            cliRun();
        }
        const double ma = median(a.imagesPerSecond), mb = median(b.imagesPerSecond);
        std::printf("pair %d: cli %.2f img/s (%.0f s), gui %.2f img/s (%.0f s), gui/cli %.3f, longest stall %.1f ms\n", p + 1,
                    ma, a.seconds, mb, b.seconds, ma > 0 ? mb / ma : 0.0,
                    b.lateness.empty() ? 0.0 : *std::max_element(b.lateness.begin(), b.lateness.end()));
        printCpu("cli", a0, a1);
        printCpu("gui", b0, b1);
        std::fflush(stdout);
        cli.insert(cli.end(), a.imagesPerSecond.begin(), a.imagesPerSecond.end());
        gui.insert(gui.end(), b.imagesPerSecond.begin(), b.imagesPerSecond.end());
        lateness.insert(lateness.end(), b.lateness.begin(), b.lateness.end());
        if (ma > 0)
            ratios.push_back(mb / ma);
    }
    std::printf("train: %s, %s imgsz=%d batch=%d epochs=%d, %d pairs\n", cfg.data.c_str(), cfg.model.c_str(), cfg.imgsz,
                cfg.batch, cfg.epochs, pairs);
    std::printf("  cli  median %.2f img/s over %zu epochs\n", median(cli), cli.size());
    std::printf("  gui  median %.2f img/s over %zu epochs\n", median(gui), gui.size());
    std::printf("  gui/cli: median of pair ratios %.3f\n", median(ratios));
    std::printf("  GUI event loop: longest stall %.1f ms, 99th percentile %.1f ms, median %.2f ms (%zu probe ticks)\n",
                lateness.empty() ? 0.0 : *std::max_element(lateness.begin(), lateness.end()), percentile(lateness, 0.99),
                median(lateness), lateness.size());
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const QStringList args = app.arguments();
    const QString mode = args.value(1);
    const auto kv = parseArgs(args, 2);
    if (mode == QLatin1String("redraw"))
        return redraw(kv);
    if (mode == QLatin1String("train"))
        return train(kv);
    std::fprintf(stderr, "usage: bench_ui_dashboard redraw [points=100000] [reps=40]\n"
                         "       bench_ui_dashboard train data=DATA_YAML [imgsz=320] [batch=8] [epochs=3] [pairs=3]\n");
    return 2;
}
