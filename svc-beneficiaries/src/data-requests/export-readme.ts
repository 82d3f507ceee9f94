/** README.txt of a child's data export: what each file holds, in plain words. */
export const EXPORT_README = `ALL DATA HELD ABOUT ONE CHILD
=============================

This folder holds everything the foundation keeps about the child, as it was when the
export was made. You asked for it under your right of access to personal data (Kenya Data
Protection Act 2019, section 26). Keep it safe: it is personal information about a child.

Because it answers your right of access, it holds everything still kept, including the
photos and medical documents kept after a consent to them was withdrawn: the foundation
stops showing and adding them when a consent is withdrawn (the child's photo and gift photos
are deleted some weeks later), but while they are kept they are part of what it holds.

The .json files are plain text in JSON format. Any text editor opens them; a spreadsheet
program or a JSON viewer makes them easier to read. Dates are written YEAR-MONTH-DAY, times
in UTC, and amounts of money in Kenya shillings.

child.json
  The child's record: name, date of birth, home, school and guardian details, then
  - householdMembers: the people the child lives with;
  - schoolPerformance: grades recorded per subject and term;
  - schoolFees: school fees recorded and paid;
  - specialNeeds: health, education and other needs recorded for the child;
  - documents: a description of each document kept (the files themselves are in files/documents);
  - consents: what the guardian has agreed to today, per purpose (keeping the record, medical
    details, photos for staff, photos in reports to donors);
  - consentHistory: every consent given or withdrawn, with who gave it, when and how.

gifts.json
  The gifts the child received (Christmas and special gifts), with their value and contents.

expenses.json
  The foundation's spending linked to the child (school fees paid, uniforms, medical costs
  and so on), from its accounts (the receipts themselves are in files/receipts).

audit.json
  The record of who looked at or changed the child's information, and when: each entry says
  who did it, what they did (viewed, created, updated, deleted, exported) and the values that
  changed. The newest entries come first. In an export asked for from the guardian's own
  account, staff are shown by their role only (admin, viewer, ...), without their names or
  the addresses of the computers they used.

files/
  Every file kept for the child, exactly as it was stored:
  - photo: the child's photo;
  - birth-certificate: the scanned birth certificate;
  - documents/: each document, named by the date it was added and its original name;
  - gifts/: photos of gifts, named by the date of the gift and its number in gifts.json;
  - receipts/: the receipts of the foundation's spending on the child (expenses.json), named by
    the date of the expense and the name the receipt was given.

If something in these files is wrong or you want it removed, contact the foundation: you may
ask for a correction, or for the child's data to be erased.
`;
