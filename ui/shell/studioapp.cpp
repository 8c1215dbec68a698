#include "ui/shell/studioapp.h"

#include "ui/dataset/datasetpage.h"
#include "ui/shell/language.h"
#include "ui/common/logging.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>

namespace ys::ui {

int runStudio(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudio"));
    QCoreApplication::setApplicationName(QStringLiteral("yolostudio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(YS_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("YOLO Studio"));
    QGuiApplication::setDesktopFileName(QStringLiteral("yolostudio"));
    // Fusion looks the same on every desktop and under Xvfb; the platform theme still supplies fonts.
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    // The language is needed before the parser's help text is built; peek at --language first.
    QString language = preferredLanguage();
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i + 1 < args.size(); ++i)
        if (args[i] == QLatin1String("--language") && availableLanguages().contains(args[i + 1]))
            language = args[i + 1];
    installTranslators(language);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "YOLO Studio: check datasets and train YOLO detectors."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QCoreApplication::translate("main", "Open the built-in demo dataset (written to "
                                                                      "the user's data folder on first use)."));
    const QCommandLineOption lang(QStringLiteral("language"),
                                  QCoreApplication::translate("main", "User interface language: en or zh_CN."),
                                  QStringLiteral("code"));
    const QCommandLineOption quitAfter(
        QStringLiteral("quit-after"),
        QCoreApplication::translate("main", "Quit after this many milliseconds (checks that an installed copy "
                                            "starts; works with QT_QPA_PLATFORM=offscreen)."),
        QStringLiteral("ms"));
    parser.addOption(demo);
    parser.addOption(lang);
    parser.addOption(quitAfter);
    parser.addPositionalArgument(QStringLiteral("data.yaml"),
                                 QCoreApplication::translate("main", "Dataset to open (a data.yaml or its folder)."),
                                 QStringLiteral("[data.yaml]"));
    parser.process(app);
    int quitAfterMs = -1;
    if (parser.isSet(quitAfter)) {
        bool ok = false;
        quitAfterMs = parser.value(quitAfter).toInt(&ok);
        if (!ok || quitAfterMs < 0) {
            std::fprintf(stderr, "%s\n",
                         qPrintable(QCoreApplication::translate("main", "--quit-after needs a number of "
                                                                        "milliseconds, not '%1'.")
                                        .arg(parser.value(quitAfter))));
            return 2;
        }
    }

    MainWindow window;
    window.show();
    const QStringList positional = parser.positionalArguments();
    // Start the job once the event loop runs so the window paints first.
    QTimer::singleShot(0, &window, [&window, &parser, &demo, positional] {
        if (!positional.isEmpty())
            window.openDataset(positional.first());
        else if (parser.isSet(demo))
            window.openDemo();
        else
            window.reopenLastDataset();
    });
    if (quitAfterMs >= 0)
        QTimer::singleShot(quitAfterMs, &app, &QCoreApplication::quit);
    qCInfo(lcApp) << "started" << QCoreApplication::applicationVersion();
    return app.exec();
}

}  // namespace ys::ui
