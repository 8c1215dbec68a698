#include "testsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

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

QString writeShapesDataset(const QString& dir, int images, int width, int height, unsigned seed)
{
    cv::RNG rng(seed);
    const cv::Scalar colours[3] = {{40, 40, 220}, {220, 60, 40}, {40, 200, 60}};
    for (int i = 0; i < images; ++i) {
        cv::Mat img(height, width, CV_8UC3);
        rng.fill(img, cv::RNG::UNIFORM, cv::Scalar::all(90), cv::Scalar::all(170));
        std::string labels;
        const int count = 1 + i % 3;
        for (int k = 0; k < count; ++k) {
            const int cls = (i + k) % 3;
            const int bw = static_cast<int>(width * rng.uniform(0.25, 0.45));
            const int bh = static_cast<int>(height * rng.uniform(0.25, 0.45));
            // Objects sit in their own horizontal third so they never overlap.
            const int slot = width / count;
            const int x = k * slot + rng.uniform(0, std::max(1, slot - bw));
            const int y = rng.uniform(0, height - bh);
            const cv::Rect r(x, y, std::min(bw, width - x), bh);
            if (cls == 0)
                cv::rectangle(img, r, colours[cls], cv::FILLED);
            else if (cls == 1)
                cv::ellipse(img, cv::Point(r.x + r.width / 2, r.y + r.height / 2), cv::Size(r.width / 2, r.height / 2),
                            0, 0, 360, colours[cls], cv::FILLED);
            else {
                const cv::Point pts[3] = {{r.x, r.y + r.height - 1}, {r.x + r.width - 1, r.y + r.height - 1},
                                          {r.x + r.width / 2, r.y}};
                cv::fillConvexPoly(img, pts, 3, colours[cls]);
            }
            char line[128];
            std::snprintf(line, sizeof line, "%d %.6f %.6f %.6f %.6f\n", cls, (r.x + r.width / 2.0) / width,
                          (r.y + r.height / 2.0) / height, static_cast<double>(r.width) / width,
                          static_cast<double>(r.height) / height);
            labels += line;
        }
        const QString stem = QString("shape_%1").arg(i, 3, 10, QChar('0'));
        std::vector<uchar> buf;
        cv::imencode(".png", img, buf);
        if (!writeText(dir + "/images/" + stem + ".png", std::string(buf.begin(), buf.end())) ||
            !writeText(dir + "/labels/" + stem + ".txt", labels))
            return {};
    }
    const QString yaml = dir + "/data.yaml";
    if (!writeText(yaml, "path: " + dir.toStdString() + "\ntrain: images\nval: images\nnames: [rectangle, ellipse, triangle]\n"))
        return {};
    return yaml;
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

ProcessRun runProcess(const QString& program, const QStringList& args, int timeoutMs,
                      const QProcessEnvironment& env)
{
    QProcess p;
    QProcessEnvironment e = env;
    e.insert("OMP_WAIT_POLICY", "PASSIVE");
    p.setProcessEnvironment(e);
    p.start(program, args);
    ProcessRun r;
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
