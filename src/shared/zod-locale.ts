// German default messages for every zod issue that has no message of its own.
import { z } from 'zod';

z.config(z.locales.de());
