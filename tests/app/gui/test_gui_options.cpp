// yolostudio's command line as a user (or packaging/test-deb.sh) runs it: --version, --help, and a start
// that quits by itself (--quit-after), offscreen, with settings and data folders of its own.
#include "testsupport.h"

#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = ys::test::ProcessRun;

Run gui(const QStringList& args, const QString& home, int timeoutMs = 60000)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // Not the developer's settings: no remembered dataset is reopened, no language forced.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    return ys::test::runProcess(QStringLiteral(YS_GUI_PATH), args, timeoutMs, env);
}

}  // namespace

class TestGuiOptions final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void versionNamesTheRelease()
    {
        QTemporaryDir home;
        const Run r = gui({"--version"}, home.path());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), QStringLiteral("yolostudio " YS_VERSION));
    }

    void versionAndHelpNeedNoDisplay()
    {
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QLatin1String(name));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + QStringLiteral("/config"));
        for (const char* option : {"--version", "--help"}) {
            const Run r = ys::test::runProcess(QStringLiteral(YS_GUI_PATH), {QLatin1String(option)}, 60000, env);
            QVERIFY2(r.exitCode == 0, qPrintable(option + QStringLiteral(": exit %1\n").arg(r.exitCode) + r.err));
            QVERIFY(r.out.contains(QLatin1String("yolostudio")));
        }
    }

    void helpListsEveryOption()
    {
        QTemporaryDir home;
        const Run r = gui({"--help"}, home.path());
        QCOMPARE(r.exitCode, 0);
        for (const char* option : {"--demo", "--language <code>", "--quit-after <ms>", "--version", "data.yaml"})
            QVERIFY2(r.out.contains(QLatin1String(option)), qPrintable(option + ("\n" + r.out)));
    }

    void quitsByItself_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("empty window") << QStringList{"--quit-after", "200"};
        // Quits while the demo dataset is still being written and scanned: the jobs stop, nothing hangs.
        QTest::newRow("demo in progress") << QStringList{"--demo", "--quit-after", "300"};
    }
    void quitsByItself()
    {
        QFETCH(QStringList, args);
        QTemporaryDir home;
        const Run r = gui(args, home.path());
        QVERIFY2(r.exitCode != -1, "still running after 60 s");
        QVERIFY2(r.exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(r.exitCode).arg(r.err)));
    }

    void badQuitAfterIsRefused_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("word") << QStringLiteral("soon");
        QTest::newRow("negative") << QStringLiteral("-5");
    }
    void badQuitAfterIsRefused()
    {
        QFETCH(QString, value);
        QTemporaryDir home;
        const Run r = gui({"--quit-after", value}, home.path(), 30000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--quit-after") && r.err.contains(value), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestGuiOptions)
#include "test_gui_options.moc"
