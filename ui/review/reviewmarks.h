#pragma once
// What the user decided about a review's suspects, per dataset: "Not a mistake" (hidden from later reviews) or
// "Fixed" (done). Kept in the studio's settings (QSettings, the application's scope) under the dataset's
// absolute data.yaml path, keyed by ys::suspectKey, so a new review with other weights still knows them; never
// in the dataset's folder. GUI thread only.

#include <QHash>
#include <QString>

namespace ys::ui {

class ReviewMarks final {
public:
    enum Mark { None = 0, NotAMistake = 1, Fixed = 2 };

    // Reads the marks of the dataset whose data.yaml is `dataYaml` (made absolute and clean).
    explicit ReviewMarks(const QString& dataYaml = {});

    QString dataYaml() const { return dataYaml_; }
    Mark mark(const QString& key) const;
    // Sets (None: clears) and saves at once.
    void setMark(const QString& key, Mark mark);
    int count(Mark mark) const;

private:
    QString settingsKey() const;
    void save() const;

    QString dataYaml_;
    QHash<QString, int> marks_;
};

}  // namespace ys::ui
