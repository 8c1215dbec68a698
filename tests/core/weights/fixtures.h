#pragma once
// Where the weights tests find ../shared/fixtures/ultralytics, and reading whole files.
#include <QDir>
#include <QString>

#include <fstream>
#include <iterator>
#include <string>

#ifndef YS_FIXTURES_DIR
#define YS_FIXTURES_DIR ""
#endif

namespace ys::test {

// ../shared/fixtures/ultralytics, found next to the shared datasets (CTest sets YS_SHARED_DATASETS) or where
// CMake saw it (YS_FIXTURES_DIR); empty when absent (the test skips).
inline QString ultralyticsFixtures()
{
    for (const QString& base : {qEnvironmentVariable("YS_SHARED_DATASETS") + "/../fixtures",
                                QString::fromUtf8(YS_FIXTURES_DIR)}) {
        const QString dir = base + "/ultralytics";
        if (!base.startsWith("/..") && QDir(dir).exists())
            return QDir(dir).absolutePath();
    }
    return {};
}

inline std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace ys::test
