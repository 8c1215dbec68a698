// Dataset browser benchmark: opens a dataset in the real DatasetPage (offscreen by default), and reports
//   - scan time, and the time from the scan's end to the first screen painted with every thumbnail,
//   - the check time (the check runs while the grid is already usable),
//   - scrolling the grid page by page to the end: time per page and the resident memory afterwards.
//
// usage: bench_ui_browser --make DIR [N=10000]   write N 640x480 JPEGs (1-8 boxes each) with the demo generator
//        bench_ui_browser --links DIR SRC_DIR N  make a dataset of N hard links to SRC_DIR's train images
//        bench_ui_browser DATA_YAML [--no-check] [--jumps K] [--width W --height H]
// --jumps K: instead of paging through the whole grid, jump to K evenly spaced positions and the end
// (for 100,000 images, where paging would take minutes).
#include "data/demo.h"
#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/datasetpage.h"
#include "ui/dataset/imagelistmodel.h"
#include "ui/thumbnails/thumbnailloader.h"
#include "ui/thumbnails/thumbnailview.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

namespace {

// Resident and peak resident memory in MiB, from /proc/self/status.
std::pair<double, double> rssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    double rss = 0, hwm = 0;
    if (f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.startsWith("VmRSS:"))
                rss = line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
            else if (line.startsWith("VmHWM:"))
                hwm = line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
        }
    }
    return {rss, hwm};
}

bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

int makeDataset(const QString& dir, int n)
{
    ys::DemoOptions o;
    o.width = 640;
    o.height = 480;
    o.trainImages = n - n / 5;
    o.valImages = n / 5;
    o.seed = 7;
    o.backgroundShare = 0.0;
    QElapsedTimer t;
    t.start();
    auto r = ys::writeDemoDataset(dir.toStdString(), o);
    if (!r) {
        std::fprintf(stderr, "error: %s\n", r.error().toString().c_str());
        return 1;
    }
    std::printf("%s: %d images in %.1f s\n", r->c_str(), n, t.elapsed() / 1000.0);
    return 0;
}

// N hard links (same bytes, distinct names) to the source's train images and labels: a 100,000-image
// grid without 100,000 JPEG encodes. Only for browsing; the checker would report them as duplicates.
int makeLinks(const QString& dir, const QString& src, int n)
{
    QStringList images;
    QDirIterator it(src + QStringLiteral("/images/train"), {QStringLiteral("*.jpg")}, QDir::Files);
    while (it.hasNext())
        images << it.next();
    images.sort();
    if (images.isEmpty()) {
        std::fprintf(stderr, "error: no images under %s/images/train\n", qPrintable(src));
        return 1;
    }
    for (const char* sub : {"images/train", "labels/train", "images/val", "labels/val"})
        QDir().mkpath(dir + QLatin1Char('/') + QLatin1String(sub));
    // The source's val split is linked as it is; train gets N - |val| links.
    QDirIterator vit(src + QStringLiteral("/images/val"), {QStringLiteral("*.jpg")}, QDir::Files);
    int val = 0;
    while (vit.hasNext()) {
        const QString img = vit.next();
        const QString lbl = QString(img).replace(QStringLiteral("/images/"), QStringLiteral("/labels/")).replace(QStringLiteral(".jpg"), QStringLiteral(".txt"));
        const QString name = QFileInfo(img).completeBaseName();
        if (::link(QFile::encodeName(img).constData(), QFile::encodeName(dir + QStringLiteral("/images/val/") + name + QStringLiteral(".jpg")).constData()) != 0 ||
            ::link(QFile::encodeName(lbl).constData(), QFile::encodeName(dir + QStringLiteral("/labels/val/") + name + QStringLiteral(".txt")).constData()) != 0)
            return 1;
        ++val;
    }
    n -= val;
    for (int i = 0; i < n; ++i) {
        const QString img = images[i % images.size()];
        const QString lbl = QString(img).replace(QStringLiteral("/images/"), QStringLiteral("/labels/")).replace(QStringLiteral(".jpg"), QStringLiteral(".txt"));
        const QString name = QStringLiteral("img_%1").arg(i, 6, 10, QLatin1Char('0'));
        if (::link(QFile::encodeName(img).constData(), QFile::encodeName(dir + QStringLiteral("/images/train/") + name + QStringLiteral(".jpg")).constData()) != 0 ||
            ::link(QFile::encodeName(lbl).constData(), QFile::encodeName(dir + QStringLiteral("/labels/train/") + name + QStringLiteral(".txt")).constData()) != 0) {
            std::fprintf(stderr, "error: cannot link %s (#%d)\n", qPrintable(img), i);
            return 1;
        }
    }
    QFile yaml(dir + QStringLiteral("/data.yaml"));
    QFile srcYaml(src + QStringLiteral("/data.yaml"));
    if (!srcYaml.open(QIODevice::ReadOnly) || !yaml.open(QIODevice::WriteOnly))
        return 1;
    QByteArray text = srcYaml.readAll();
    yaml.write(text);
    std::printf("%s/data.yaml: %d linked images\n", qPrintable(dir), n + val);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--make"))
        return makeDataset(args[2], args.size() > 3 ? args[3].toInt() : 10000);
    if (args.size() >= 5 && args[1] == QLatin1String("--links"))
        return makeLinks(args[2], args[3], args[4].toInt());
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_ui_browser DATA_YAML [--no-check] | --make DIR [N] | --links DIR SRC N\n");
        return 2;
    }
    const bool check = !args.contains(QStringLiteral("--no-check"));
    int width = 1400, height = 860, jumps = 0;
    if (int i = static_cast<int>(args.indexOf(QStringLiteral("--jumps"))); i > 0 && i + 1 < args.size())
        jumps = args[i + 1].toInt();
    if (int i = static_cast<int>(args.indexOf(QStringLiteral("--width"))); i > 0 && i + 1 < args.size())
        width = args[i + 1].toInt();
    if (int i = static_cast<int>(args.indexOf(QStringLiteral("--height"))); i > 0 && i + 1 < args.size())
        height = args[i + 1].toInt();

    const auto [rss0, hwm0] = rssMiB();
    ys::ui::DatasetPage page;
    page.resize(width, height);
    page.show();
    auto* grid = page.findChild<ys::ui::ThumbnailView*>(QStringLiteral("imageGrid"));
    auto* loader = grid->findChild<ys::ui::ThumbnailLoader*>(QStringLiteral("thumbnailLoader"));
    auto* controller = page.findChild<ys::ui::DatasetController*>(QStringLiteral("datasetController"));
    qint64 firstPaintMs = -1;
    QObject::connect(grid, &ys::ui::ThumbnailView::firstScreenPainted, [&](qint64 ms) { firstPaintMs = ms; });
    QElapsedTimer total;
    total.start();
    double scanS = -1, checkS = -1;
    bool scanned = false, checked = false;
    QObject::connect(&page, &ys::ui::DatasetPage::datasetOpened, [&] {
        scanS = total.elapsed() / 1000.0;
        scanned = true;
    });
    QObject::connect(&page, &ys::ui::DatasetPage::checkFinished, [&] {
        checkS = total.elapsed() / 1000.0;
        checked = true;
    });
    QObject::connect(controller, &ys::ui::DatasetController::jobChanged, [&](auto job) {
        if (!check && job == ys::ui::DatasetController::Job::Check)
            page.cancel();
    });
    page.openDataset(args[1]);
    if (!waitFor([&] { return scanned; }, 600000)) {
        std::fprintf(stderr, "error: scan did not finish\n");
        return 1;
    }
    const int images = grid->model()->rowCount();
    const auto [rssScan, hwmScan] = rssMiB();
    waitFor([&] { return firstPaintMs >= 0; }, 30000);
    std::printf("images                    %d\n", images);
    std::printf("scan                      %.2f s (open to grid)\n", scanS);
    std::printf("first screen painted      %lld ms after the scan finished (%d thumbnails visible)\n",
                static_cast<long long>(firstPaintMs), grid->visibleRows().second - grid->visibleRows().first + 1);
    std::printf("RSS after scan            %.0f MiB (process start %.0f MiB)\n", rssScan, rss0);
    if (check) {
        if (!waitFor([&] { return checked; }, 600000)) {
            std::fprintf(stderr, "error: check did not finish\n");
            return 1;
        }
        std::printf("check finished            %.2f s after open\n", checkS);
    } else {
        waitFor([&] { return controller->job() == ys::ui::DatasetController::Job::None; }, 60000);
    }
    const auto [rssCheck, hwmCheck] = rssMiB();
    std::printf("RSS after check           %.0f MiB (peak %.0f MiB)\n", rssCheck, hwmCheck);

    // Scroll page by page to the end; at each page wait until its visible thumbnails are painted.
    QScrollBar* bar = grid->verticalScrollBar();
    const int pageStep = std::max(1, bar->pageStep());
    QElapsedTimer scroll;
    scroll.start();
    int pages = 0;
    qint64 worstPageMs = 0;
    const int step = jumps > 0 ? std::max(1, bar->maximum() / jumps) : pageStep;
    for (int v = 0; v <= bar->maximum() + step - 1; v += step) {
        QElapsedTimer stepTimer;
        stepTimer.start();
        bar->setValue(std::min(v, bar->maximum()));
        ++pages;
        waitFor([&] {
            const auto [first, last] = grid->visibleRows();
            for (int r = first; r <= last && r >= 0; ++r)
                if (loader->thumbnail(grid->model()->index(r, 0).data(ys::ui::ImageListModel::PathRole).toString()).isNull())
                    return false;
            return true;
        }, 10000);
        worstPageMs = std::max(worstPageMs, stepTimer.elapsed());
    }
    const double scrollS = scroll.elapsed() / 1000.0;
    waitFor([&] { return loader->inFlightCount() == 0 && loader->queuedCount() == 0; }, 30000);
    const auto [rssEnd, hwmEnd] = rssMiB();
    std::printf("%s %d %s in %.2f s (%.0f ms each on average, worst %lld ms until painted)\n",
                jumps > 0 ? "jump through the grid    " : "scroll to end            ", pages, jumps > 0 ? "jumps" : "pages",
                scrollS, 1000.0 * scrollS / pages, static_cast<long long>(worstPageMs));
    std::printf("thumbnails decoded        %lld (cache holds %d)\n", static_cast<long long>(loader->decodedTotal()),
                loader->cachedCount());
    std::printf("RSS after scrolling       %.0f MiB (peak %.0f MiB)\n", rssEnd, hwmEnd);
    return 0;
}
