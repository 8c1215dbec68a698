#pragma once
// Runs yolostudio-cli (YS_CLI_PATH) as a subprocess and collects its exit code and output.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace ys::test {

struct CliRun {
    int exitCode = -1;  // -1: did not finish in time (killed); -2: crashed
    QString out, err;
};

inline CliRun cli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OMP_WAIT_POLICY", "PASSIVE");  // spinning OpenMP threads crawl on a shared machine
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(YS_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

}  // namespace ys::test
