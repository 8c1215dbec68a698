#include "ui/review/reviewmarks.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QVariantMap>

namespace ys::ui {

ReviewMarks::ReviewMarks(const QString& dataYaml)
    : dataYaml_(dataYaml.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(dataYaml).absoluteFilePath()))
{
    if (dataYaml_.isEmpty())
        return;
    const QSettings settings;
    const QVariantMap map = settings.value(settingsKey()).toMap();
    for (auto it = map.begin(); it != map.end(); ++it)
        if (const int m = it.value().toInt(); m == NotAMistake || m == Fixed)
            marks_.insert(it.key(), m);
}

// QSettings treats '/' in a key as groups: the path is hashed; the map keeps the path itself for a reader.
QString ReviewMarks::settingsKey() const
{
    const QByteArray hash = QCryptographicHash::hash(dataYaml_.toUtf8(), QCryptographicHash::Sha1).toHex();
    return QStringLiteral("review/marks/") + QString::fromLatin1(hash.left(16));
}

ReviewMarks::Mark ReviewMarks::mark(const QString& key) const
{
    return static_cast<Mark>(marks_.value(key, None));
}

void ReviewMarks::setMark(const QString& key, Mark mark)
{
    if (mark == None)
        marks_.remove(key);
    else
        marks_.insert(key, mark);
    save();
}

int ReviewMarks::count(Mark mark) const
{
    int n = 0;
    for (int m : marks_)
        n += m == mark;
    return n;
}

void ReviewMarks::save() const
{
    if (dataYaml_.isEmpty())
        return;
    QVariantMap map;
    for (auto it = marks_.begin(); it != marks_.end(); ++it)
        map.insert(it.key(), it.value());
    QSettings settings;
    settings.setValue(settingsKey(), map);
    settings.setValue(settingsKey() + QStringLiteral("_data"), dataYaml_);
    settings.sync();
}

}  // namespace ys::ui
