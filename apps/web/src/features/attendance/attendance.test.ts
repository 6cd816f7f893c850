import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatCountdown, isRunning, paths, secondsLeft, studentPathFor } from './utils';
import { workbook, zip } from './xlsx';

describe('the attendance export workbook', () => {
  it('opens in a spreadsheet library with its sheet, header, text and numbers', async () => {
    const blob = workbook([
      {
        name: 'Week 3: <Tue>',
        rows: [
          ['Student', 'ID', 'Status', 'Rate'],
          ['Ada & "Byron"', '2024001', '出勤', 0.75],
          ['Alan', '', 'Absent', 0],
        ],
        percentColumn: 3,
      },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.worksheets[0]!;
    // the characters a sheet name may not hold are replaced
    expect(sheet.name).toBe('Week 3  <Tue>');
    expect(sheet.getCell('A1').value).toBe('Student');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Ada & "Byron"');
    expect(sheet.getCell('C2').value).toBe('出勤');
    expect(sheet.getCell('D2').value).toBe(0.75);
    expect(sheet.getCell('D2').numFmt).toBe('0%');
    expect(sheet.rowCount).toBe(3);
  });

  it('writes a zip whose entries carry their CRC (a reader checks them)', async () => {
    const bytes = zip([['a.txt', 'hello']]);
    // local header signature, stored, CRC-32 of "hello"
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0);
    expect(view.getUint32(14, true)).toBe(0x3610a686);
  });
});

describe('attendance helpers', () => {
  const now = 1_800_000_000;
  it('counts an attendance open until its end time and state say otherwise', () => {
    expect(isRunning({ state: 1, endtime: now + 60 }, now)).toBe(true);
    expect(isRunning({ state: 1, endtime: now - 1 }, now)).toBe(false);
    expect(isRunning({ state: 0, endtime: now + 60 }, now)).toBe(false);
    expect(secondsLeft({ endtime: now + 75 }, now)).toBe(75);
    expect(formatCountdown(75)).toBe('01:15');
  });

  it('sends a student to the code page, the location page, or nowhere (QR, check-in/out, roll call)', () => {
    expect(studentPathFor(5, { id: 9, type: '1' })).toBe(paths.number(5, 9));
    expect(studentPathFor(5, { id: 9, type: '2' })).toBe(paths.gps(5, 9));
    expect(studentPathFor(5, { id: 9, type: '3' })).toBeNull();
    expect(studentPathFor(5, { id: 9, type: '4' })).toBeNull();
    expect(studentPathFor(5, { id: 9, type: '0' })).toBeNull();
  });
});
