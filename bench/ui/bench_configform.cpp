// The training setup form's cost on the GUI thread: build and first show of the whole form, Load + Save of
// a real Ultralytics args.yaml, one undoable edit with re-validation. Medians of N runs in one process.
//   bench_ui_configform [runs=7]
#include "ui/config/configform.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioBench"));
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
    const QString args = QStringLiteral(YS_SOURCE_DIR "/tests/data/config/ultralytics-8.3.112-args.yaml");
    QTemporaryDir dir;
    std::vector<double> build, loadSave, edit;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        ys::ui::ConfigForm form;
        form.show();
        QCoreApplication::processEvents();
        build.push_back(t.nsecsElapsed() / 1e6);
        t.restart();
        if (!form.loadFile(args) || !form.saveFile(dir.filePath(QStringLiteral("args.yaml")))) {
            std::fprintf(stderr, "error: cannot load or save %s\n", qPrintable(args));
            return 1;
        }
        loadSave.push_back(t.nsecsElapsed() / 1e6);
        t.restart();
        form.applyValues({{QStringLiteral("lr0"), QString::number(0.001 * (i + 1))}}, QStringLiteral("edit"));
        QCoreApplication::processEvents();
        edit.push_back(t.nsecsElapsed() / 1e6);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("build+show %.1f ms, load+save args.yaml %.1f ms, one edit %.2f ms (medians of %d)\n",
                median(build), median(loadSave), median(edit), runs);
    return 0;
}
