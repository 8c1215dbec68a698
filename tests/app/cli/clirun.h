#pragma once
// Runs yolostudio-cli (YS_CLI_PATH) as a subprocess and collects its exit code and output.

#include "testsupport.h"

#include <QString>
#include <QStringList>

namespace ys::test {

using CliRun = ProcessRun;  // exitCode -1: did not finish in time (killed); -2: crashed

inline CliRun cli(const QStringList& args, int timeoutMs = 120000)
{
    return runProcess(QStringLiteral(YS_CLI_PATH), args, timeoutMs);
}

}  // namespace ys::test
