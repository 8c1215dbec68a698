#include "testsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace ys::test {

QString sharedDatasets()
{
    const QString dir = qEnvironmentVariable("YS_SHARED_DATASETS");
    return QDir(dir).exists() ? QDir(dir).absolutePath() : QString();
}

QString coco128Yaml()
{
    const QString root = sharedDatasets();
    if (root.isEmpty())
        return {};
    const QString yaml = root + "/coco128/data.yaml";
    return QFileInfo::exists(yaml) ? yaml : QString();
}

bool writeText(const QString& path, const std::string& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

bool writeImage(const QString& path, int width, int height, unsigned seed)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    cv::Mat img(height, width, CV_8UC3);
    cv::RNG rng(seed);
    rng.fill(img, cv::RNG::UNIFORM, cv::Scalar::all(0), cv::Scalar::all(255));
    cv::GaussianBlur(img, img, cv::Size(0, 0), 2.0);
    std::vector<uchar> buf;
    const std::string ext = "." + QFileInfo(path).suffix().toLower().toStdString();
    if (!cv::imencode(ext, img, buf))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(reinterpret_cast<const char*>(buf.data()), static_cast<qint64>(buf.size())) ==
           static_cast<qint64>(buf.size());
}

std::vector<std::pair<QString, QString>> hashTree(const QString& dir)
{
    std::vector<std::pair<QString, QString>> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QCryptographicHash h(QCryptographicHash::Sha256);
        h.addData(&f);
        out.emplace_back(QDir(dir).relativeFilePath(path), QString::fromLatin1(h.result().toHex()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace ys::test
