#pragma once
// Where the weights tests find ../shared/fixtures/ultralytics, and reading its files.
#include <QDir>
#include <QString>

#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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

// A fixture folder's io.json, keys in the file's order (the reference's state-dict order).
inline nlohmann::ordered_json ioJson(const QString& dir)
{
    std::ifstream in((dir + "/io.json").toStdString());
    return nlohmann::ordered_json::parse(in);
}

// A raw little-endian float32 file (input.f32, output.f32).
inline std::vector<float> readFloats(const QString& path)
{
    const std::string b = readBytes(path.toStdString());
    std::vector<float> v(b.size() / sizeof(float));
    std::memcpy(v.data(), b.data(), v.size() * sizeof(float));
    return v;
}

}  // namespace ys::test
