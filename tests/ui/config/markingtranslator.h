#pragma once
// A translator that marks every string it translates ("»" + source), so a test sees which texts were
// looked up through tr() and re-read after a language change.

#include <QString>
#include <QTranslator>

namespace ys::test {

class MarkingTranslator final : public QTranslator {
public:
    bool isEmpty() const override { return false; }
    QString translate(const char*, const char* source, const char* = nullptr, int = -1) const override
    {
        return QStringLiteral("»") + QString::fromUtf8(source);
    }
};

}  // namespace ys::test
