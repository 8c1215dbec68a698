// The UI's one byte formatter: binary units as the fit counts them, one decimal, the locale's decimal point.
#include "ui/common/bytes.h"
#include "ui/common/runtext.h"

#include <QLocale>
#include <QtTest>

using namespace ys::ui;

class TestBytes final : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale::c()); }
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void binaryUnits_data();
    void binaryUnits();
    void localeDecimalPoint();
    void runTextSaysUnknownForNothing();
};

void TestBytes::binaryUnits_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << "0 B";
    QTest::newRow("bytes") << qint64(512) << "512 B";
    QTest::newRow("1 KiB") << qint64(1024) << "1.0 KiB";
    QTest::newRow("KiB") << qint64(12 * 1024 + 410) << "12.4 KiB";
    QTest::newRow("MiB") << qint64(378.4 * 1024 * 1024) << "378.4 MiB";
    QTest::newRow("GiB") << qint64(1.9 * 1024 * 1024 * 1024) << "1.9 GiB";
    QTest::newRow("2 GB is 1.9 GiB") << qint64(2'000'000'000) << "1.9 GiB";
    QTest::newRow("rounds up a unit, not to 1024.0") << qint64(1024 * 1024 - 10) << "1.0 MiB";
    QTest::newRow("TiB") << (qint64(3) << 40) << "3.0 TiB";
    QTest::newRow("negative") << -(qint64(3) << 30) << "-3.0 GiB";
}

void TestBytes::binaryUnits()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(formatBytes(bytes), text);
}

void TestBytes::localeDecimalPoint()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(formatBytes(qint64(1.9 * 1024 * 1024 * 1024)), QString("1,9 GiB"));
}

// The run tables' sizes are the same words; "—" where a size is unknown.
void TestBytes::runTextSaysUnknownForNothing()
{
    QCOMPARE(RunText::bytes(int64_t(5) << 20), formatBytes(int64_t(5) << 20));
    QCOMPARE(RunText::bytes(0), QString("—"));
}

QTEST_GUILESS_MAIN(TestBytes)
#include "test_bytes.moc"
