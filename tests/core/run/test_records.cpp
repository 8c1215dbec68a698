// The event-kind catalogue: one row per kind, in enum order, names as events.jsonl writes them.
#include "run/records.h"

#include <QSet>
#include <QtTest>

class TestRecords final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueIsInEnumOrder();
    void namesRoundTrip();
    void severities();
};

void TestRecords::catalogueIsInEnumOrder()
{
    const auto& kinds = ys::eventKinds();
    QCOMPARE(kinds.size(), size_t(ys::EventKind::Unknown) + 1);
    for (size_t i = 0; i < kinds.size(); ++i) {
        QCOMPARE(size_t(kinds[i].kind), i);
        QVERIFY(std::strlen(kinds[i].meaning) > 20);
    }
}

void TestRecords::namesRoundTrip()
{
    QSet<QString> seen;
    for (const auto& k : ys::eventKinds()) {
        QVERIFY2(!seen.contains(k.name), k.name);
        seen.insert(k.name);
        if (k.kind == ys::EventKind::Unknown)
            continue;
        QCOMPARE(ys::eventKindFromString(k.name), std::optional(k.kind));
        QCOMPARE(QString(ys::toString(k.kind)), QString(k.name));
    }
    // The names the trainer wrote before the enum existed are still the names.
    QCOMPARE(QString(ys::toString(ys::EventKind::OomRecovered)), QString("oom_recovered"));
    QCOMPARE(QString(ys::toString(ys::EventKind::ValOomRecovered)), QString("val_oom_recovered"));
    QCOMPARE(QString(ys::toString(ys::EventKind::EarlyStop)), QString("early_stop"));
    QVERIFY(!ys::eventKindFromString("unknown"));   // never read as a kind of its own
    QVERIFY(!ys::eventKindFromString("checkpoint"));
    QVERIFY(!ys::eventKindFromString(""));
}

void TestRecords::severities()
{
    QCOMPARE(ys::eventKindInfo(ys::EventKind::Error).severity, ys::Severity::Error);
    QCOMPARE(ys::eventKindInfo(ys::EventKind::OomRecovered).severity, ys::Severity::Warning);
    QCOMPARE(ys::eventKindInfo(ys::EventKind::Finish).severity, ys::Severity::Info);
    QCOMPARE(QString(ys::toString(ys::Severity::Warning)), QString("warning"));
}

QTEST_GUILESS_MAIN(TestRecords)
#include "test_records.moc"
